/// <reference lib="webworker" />
/**
 * Requests the worker never answers go to the network without starting it (the Static Routing API,
 * `InstallEvent.addRoutes`, Chromium 123+ and Android WebView). A worker with a fetch handler otherwise sees every
 * request of the pages it controls: a phone that let the idle worker go starts it again for each config read and
 * API call, before the request may leave, only for the worker to let it through. The worker answers pages, its
 * precached files and the app's request for a navigation's page, all on this host; config and backend calls pass it
 * by (sw.ts), and now do so without it.
 *
 * At the navigation that hands over to a new build, the old worker is stopped to activate the new one; the screen's
 * own reads (config, backend), which go out at that moment, can no longer start it again.
 */

/** The Static Routing API's rule, as far as this worker uses it (not in TypeScript's webworker lib yet). */
export interface RouterRule {
  condition: RouterCondition;
  source: 'network';
}
interface RouterCondition {
  urlPattern?: { pathname?: string; hostname?: string };
  not?: RouterCondition;
}
export type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

/** URL pattern syntax characters, taken literally in a hostname. */
const literal = (text: string) => text.replace(/[\\*+?:(){}[\]]/g, '\\$&');

/** The rules: the config API, the sandbox backend, and anything on another host (the backend, images). */
export function passByRoutes(hostname: string): RouterRule[] {
  return [
    { condition: { urlPattern: { pathname: '/config/*' } }, source: 'network' },
    { condition: { urlPattern: { pathname: '/sandbox/*' } }, source: 'network' },
    { condition: { not: { urlPattern: { hostname: literal(hostname) } } }, source: 'network' },
  ];
}

/**
 * Adds the rules during `install`, one call each: a browser that refuses one (an older one without `not`) keeps the
 * others, and one without the API sends everything through the worker as before. Never fails the install.
 */
export function addPassByRoutes(event: RoutingInstallEvent, hostname: string): void {
  if (typeof event.addRoutes !== 'function') return;
  for (const rule of passByRoutes(hostname)) {
    try {
      event.addRoutes(rule).catch(() => {});
    } catch {
      // A synchronous refusal: this rule is not added, the request goes through the worker as before.
    }
  }
}
