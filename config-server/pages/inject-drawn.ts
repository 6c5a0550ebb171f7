import { CAPTURE_SCRIPT } from '../../renderer/boot/render-static.js';
import type { DrawnPage } from './draw-page.js';

/** Resource hints React writes ahead of a drawing's markup (e.g. image preloads). */
export const drawnHints = (html: string) => /^(?:<link [^>]*\/>)+/.exec(html)?.[0] ?? '';

/** The server-rendered page: body markup in the root element (and its data inlined), title and language in the head. */
export function injectDrawn(html: string, page: DrawnPage, opts: { hintsInBody?: boolean } = {}): string {
  const data = page.handOff ?? '';
  // Resource hints React writes ahead of the markup (e.g. image preloads) belong in the head, not in the root; a
  // streamed page (stream-page.ts) sent its head before they were known, so they open its body instead.
  const hints = drawnHints(page.html);
  const body = page.html.slice(hints.length);
  const headHints = opts.hintsInBody ? '' : hints;
  // The capture script last in the head: it records early input from the first paint of the body on.
  // Allowed by its hash (http/security-headers.ts), so it must be exactly CAPTURE_SCRIPT between the tags.
  return html
    .replace(/<\/head>/i, () => `${headHints}<script>${CAPTURE_SCRIPT}</script></head>`)
    .replace(/<body[^>]*>/i, (tag) => (opts.hintsInBody ? tag + hints : tag))
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-ssr="">${body}</div>${data}`)
    .replace(
      /<title>[^<]*<\/title>/,
      () =>
        `<title>${page.title}</title>${page.description ? `<meta name="description" content="${page.description}" />` : ''}`,
    )
    .replace(/<html lang="[^"]*"/, () => (page.lang ? `<html lang="${page.lang}"` : '<html'));
}
