import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';

const tagOf = { banner: 'header', navigation: 'nav', main: 'main', contentinfo: 'footer', region: 'section' } as const;

/** Native landmark elements, so screen readers can jump between regions and a skip link has a target. */
export const Landmark: Widget<'landmark'> = ({ node }) => {
  const runtime = useRuntime();
  const role = Object.hasOwn(tagOf, node.role) ? node.role : 'region';
  const Tag = tagOf[role];
  const label = node.label ? runtime.t(node.label) : undefined;
  if (role === 'region' && !label) runtime.logError('landmark: a region needs a label to be a landmark');
  const className = `sdui-landmark sdui-landmark--${role} sdui-landmark--${node.width ?? 'full'} sdui-landmark--tone-${node.tone ?? 'plain'}`;
  return (
    // The main region takes focus from the skip link (tabIndex -1: focusable by script and #fragment, not by Tab).
    <Tag id={node.id} className={className} aria-label={label} tabIndex={role === 'main' ? -1 : undefined}>
      <div className="sdui-landmark__inner">{nodeElements(node.children)}</div>
    </Tag>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Landmark;
