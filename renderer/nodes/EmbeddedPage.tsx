import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { isAllowedEmbed } from './safe-url';

export const EmbeddedPage: Widget<'embedded-page'> = ({ node }) => {
  const runtime = useRuntime();
  const src = runtime.resolve(node.src);
  if (!isAllowedEmbed(src, runtime.scope.market.embedOrigins)) {
    if (src) runtime.logError(`embedded-page: ${String(src).slice(0, 80)} is not https or not in market.embedOrigins`);
    return (
      <p id={node.id} className="sdui-embedded-page__fallback">
        {runtime.t(node.fallback)}
      </p>
    );
  }
  return (
    <iframe
      id={node.id}
      className="sdui-embedded-page"
      src={src}
      title={runtime.t(node.title)}
      height={node.height ?? 480}
      // Scripts run in the frame's own origin only; it can never reach this page, navigate it or open dialogs here.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
};
