/**
 * How a drawn page is kept for a repeat visit: marked for the app, and arranged to paint at once from the phone.
 *
 * The network's page reaches the phone in parts, and the browser does its work between them: it fetches the head's
 * script hints while the body is still on its way and paints what arrived. A kept page arrives whole, at once, so that
 * work piles up before the borrower sees anything (a trace of screen A's repeat visit at 4× CPU: the head's twelve
 * script hints fetched one after the other before the first line was parsed, ~135 ms, then three paints of a
 * half-parsed page, ~150 ms). So the kept copy differs from the network's in two ways, both about order, never about
 * what the page shows or runs:
 * - it asks the browser not to paint before the drawn markup is parsed (`<link rel="expect" blocking="render">`): one
 *   paint of the whole page, parsed uninterrupted; a browser that does not know the hint paints as before. The element
 *   expected is the boot data, which the config server writes after the markup and its hand-off: expecting the app's
 *   root instead, the trace showed a half-parsed page painted again (the block lifted at the root's start tag);
 * - the app's code hints (`<link rel="modulepreload">`) are left out: the entry script still loads what it imports,
 *   from the worker's precache, once the page is parsed rather than before.
 */
import { KEPT_META } from './worker-protocol';
import { BOOT_DATA_ID } from '../boot/boot-types';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** The kept copy of a drawn page `html` (it has a `<head>`), drawn at `at` (epoch ms). */
export function keptMarkup(html: string, at: number): string {
  const head =
    `<head><meta name="${KEPT_META}" content="${at}">` +
    `<link rel="expect" href="#${BOOT_DATA_ID}" blocking="render">`;
  return html.replace('<head>', head).replace(MODULE_PRELOAD, '');
}
