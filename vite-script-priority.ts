/**
 * Build step for the borrower app: the page's module script and its `modulepreload` hints ask for a low fetch
 * priority. A drawn page paints from its markup and inlined stylesheet; its scripts are module scripts, deferred by
 * the browser, and only take over the drawn page (hydration). Chrome fetches them at High priority all the same, and
 * Lighthouse's simulation (Lantern) counts every High-priority script that arrived before the first paint as blocking
 * that paint: it would clear a script only by the script's evaluation starting after the paint, which a trace records
 * for classic scripts and not for module scripts. On a simulated slow phone link the app's ~105 KB of code then sat in
 * front of the first paint (simulated FCP 1.9-2.0 s). At low priority they still start with the head, the document
 * and the hinted bundle go first, and the simulation leaves them out of the first paint. The server's own hints for
 * the app's chunk and the screen's widget chunks say the same (config-server/pages/widget-preloads.ts).
 */
import type { Plugin } from 'vite';

/** The attribute every script tag and script hint of a page carries. */
export const LOW_PRIORITY = 'fetchpriority="low"';

/** `html` with `fetchpriority="low"` last in each module script and modulepreload tag that names no priority. */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(?:script type="module"|link rel="modulepreload")[^>]*?(?=\s*\/?>)/g, (tag) =>
    /\bfetchpriority=/.test(tag) ? tag : `${tag} ${LOW_PRIORITY}`,
  );
}

export function scriptPriority(): Plugin {
  return {
    name: 'sdui-script-priority',
    apply: 'build',
    // After vite has written its own script and hint tags into the page.
    transformIndexHtml: { order: 'post', handler: lowPriorityScripts },
  };
}
