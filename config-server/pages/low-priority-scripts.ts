/**
 * A page the server draws paints from its markup and inlined stylesheet; its scripts are module scripts, deferred by
 * the browser, and only take over the drawn page (hydration). Chrome fetches them at High priority all the same, and
 * Lighthouse's simulation (Lantern) counts every High-priority script that arrived before the first paint as blocking
 * that paint: it clears a script only by the script's evaluation starting after the paint, which a trace records for
 * classic scripts and not for module scripts. On a simulated slow phone link the app's ~105 KB gzip of code then stood
 * in front of the first paint (simulated FCP up to 2.2 s). Asked at low priority, they still start with the head, the
 * document and the bundle's preload go first, and the simulation leaves them out of the first paint.
 * A page the server does not draw (the console, a `?locale=` override, SSR off, a drawing that failed before anything
 * was sent) needs its scripts to show anything and keeps the default. A streamed page whose drawing fails after its
 * head left keeps the head's low priority: the browser already shows the shell, and the app then draws the rest.
 */

/** The attribute a drawn page's scripts and script hints carry. */
export const LOW_PRIORITY = 'fetchpriority="low"';

/** `html` with `fetchpriority="low"` last in each module script and modulepreload tag that names no priority. */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(?:script type="module"|link rel="modulepreload")[^>]*?(?=\s*\/?>)/g, (tag) =>
    /\bfetchpriority=/.test(tag) ? tag : `${tag} ${LOW_PRIORITY}`,
  );
}
