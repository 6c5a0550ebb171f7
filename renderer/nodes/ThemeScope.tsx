import type { CSSProperties } from 'react';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
// Each colour sets the custom property the widget styles already read, so every widget inside follows it.
const VARS = {
  brand: '--sdui-brand',
  brandInk: '--sdui-brand-ink',
  ink: '--sdui-ink',
  background: '--sdui-bg',
} as const;

export const ThemeScope: Widget<'theme-scope'> = ({ node }) => {
  const runtime = useRuntime();
  const style: Record<string, string> = {};
  for (const [name, cssVar] of Object.entries(VARS)) {
    const raw = (node.colors as Record<string, unknown> | undefined)?.[name];
    if (raw === undefined) continue;
    const v = runtime.resolve<unknown>(raw);
    // Data not loaded yet resolves empty: that is not an error, the app's colour stays.
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' && HEX.test(v.trim())) style[cssVar] = v.trim();
    else
      runtime.logError(
        `theme-scope: colour ${name} is not #rgb/#rrggbb (${JSON.stringify(v)?.slice(0, 40)}); keeping the default`,
      );
  }
  if (style['--sdui-bg']) style.background = 'var(--sdui-bg)';
  if (style['--sdui-ink']) style.color = 'var(--sdui-ink)';
  return (
    <div id={node.id} className="sdui-theme-scope" style={style as CSSProperties}>
      {nodeElements(node.children)}
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default ThemeScope;
