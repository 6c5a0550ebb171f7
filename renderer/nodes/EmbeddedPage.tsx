import type { MouseEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { isSameOriginEmbed } from '../core/runtime/same-origin-embeds';
import { isAllowedEmbed } from './embed-policy';
import { isSafeLinkUrl } from './safe-url';

/**
 * An https page of an origin the market allows, or a page of this very origin the server allows (the sandbox's own,
 * while it runs). Anywhere else the fallback text shows, and with `open` a link to read the page all the same: in a
 * new window, or through the native message that opens URLs where the shell provides it (a webview opens no windows).
 */
export const EmbeddedPage: Widget<'embedded-page'> = ({ node }) => {
  const runtime = useRuntime();
  const src = runtime.resolve(node.src);
  const own = isSameOriginEmbed(src, runtime.sameOriginEmbeds);
  if (!own && !isAllowedEmbed(src, runtime.scope.market.embedOrigins)) {
    if (src) runtime.logError(`embedded-page: ${String(src).slice(0, 80)} is not https or not in market.embedOrigins`);
    const link = node.open && /^https?:/i.test(String(src ?? '').trim()) && isSafeLinkUrl(src) ? String(src) : null;
    const bridge = node.open?.bridge;
    const onOpen = (e: MouseEvent) => {
      if (!link || !bridge || !runtime.bridge.provides?.(bridge)) return;
      e.preventDefault();
      runtime.bridge.send(bridge, { url: link });
    };
    return (
      <p id={node.id} className="sdui-embedded-page__fallback">
        {runtime.t(node.fallback)}
        {link && node.open && (
          <a
            className="sdui-link sdui-embedded-page__open"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onOpen}
          >
            {runtime.t(node.open.label)}
          </a>
        )}
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
      // A page of this very origin (the sandbox's) gets no script at all: with this origin's rights it could.
      sandbox={own ? '' : 'allow-scripts allow-same-origin allow-forms allow-popups'}
      referrerPolicy="no-referrer"
      loading="lazy"
    />
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default EmbeddedPage;
