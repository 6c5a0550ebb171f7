/**
 * How a drawn page is kept for a repeat visit: marked for the app, and arranged to paint at once from the phone.
 *
 * The network's page reaches the phone in parts, and the browser does its work between them: it fetches the head's
 * script hints while the body is still on its way and paints what arrived. A kept page arrives whole, at once, so that
 * work piles up before the borrower sees anything (a trace of screen A's repeat visit at 4× CPU: the head's twelve
 * script hints fetched one after the other before the first line was parsed, ~135 ms, then three paints of a
 * half-parsed page, ~150 ms). So the kept copy differs from the network's in order only, never in what the page shows
 * or runs:
 * - it asks the browser not to paint before the drawn markup is parsed (`<link rel="expect" blocking="render">`): one
 *   paint of the whole page, parsed uninterrupted; a browser that does not know the hint paints as before. The element
 *   expected is the boot data, which the config server writes after the markup and its hand-off: expecting the app's
 *   root instead, the trace showed a half-parsed page painted again (the block lifted at the root's start tag);
 * - the code and bundle hints (`modulepreload`, the bundle's `preload as=fetch`) are left out, and the entry script's
 *   tag in the head becomes an inline module importing it after the boot data. The browser's preload scanner reads a
 *   whole page the moment it arrives and fetches every script tag and hint it sees; a trace of complaint entry's
 *   repeat visit had the entry and the bundle requested and answered on the main thread before the first line was
 *   parsed (~40 ms at 4×). An inline module's import is not scanned: the entry is fetched once the markup is parsed
 *   and runs when the page is, as a module script in the head would. It is inline, so the page's CSP must allow it by
 *   its hash (`inlineEntry`; kept-pages.ts adds it to the kept copy's policy).
 */
import { KEPT_META } from './worker-protocol';
import { BOOT_DATA_ID } from '../boot/boot-types';

const HINTS = /<link rel="modulepreload"[^>]*>|<link rel="preload" as="fetch"[^>]*>/g;
/** The entry's tag as the build writes it (one module script with a source, in the head). */
const ENTRY = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
/** A source written into an inline script as is: a path of this origin (not `//host`), nothing else. */
const SAFE_SRC = /^\/(?!\/)[\w\-./]+$/;

export interface KeptMarkup {
  html: string;
  /** The inline script that imports the entry, when the page had one: its hash must be allowed by the page's CSP. */
  inlineEntry?: string;
}

/**
 * The kept copy of a drawn page `html` (it has a `<head>`), drawn at `at` (epoch ms). `moveEntry: false` leaves the
 * entry's tag where it was (a policy the inline script could not be allowed by).
 */
export function keptMarkup(html: string, at: number, moveEntry = true): KeptMarkup {
  const head =
    `<head><meta name="${KEPT_META}" content="${at}">` +
    `<link rel="expect" href="#${BOOT_DATA_ID}" blocking="render">`;
  const kept = html.replace('<head>', head).replace(HINTS, '');
  const entry = ENTRY.exec(kept);
  const end = kept.lastIndexOf('</body>');
  // Anything unexpected (no entry, an odd source, no body end): the entry's tag stays where it was.
  if (!moveEntry || !entry || !SAFE_SRC.test(entry[1]) || end < 0) return { html: kept };
  const inlineEntry = `import "${entry[1]}";`;
  const moved = kept.slice(0, end) + `<script type="module">${inlineEntry}</script>` + kept.slice(end);
  return { html: moved.replace(entry[0], ''), inlineEntry };
}
