/** The published config API (the console's draft preview has its own base). */
export const PUBLISHED_CONFIG_BASE = '/config/v1';

/** The bundle's address under a config API base (`/config/v1`, or the console's preview API). */
export function bundleUrl(base: string, market: string, locale?: string): string {
  return `${base}/bundle?market=${encodeURIComponent(market)}${locale ? `&locale=${encodeURIComponent(locale)}` : ''}`;
}

/**
 * Where a server-drawn page's bundle is fetched: the config server writes it into the page's preload hint and the
 * app's config client asks for exactly it, so the browser hands over that download. The version (the ETag, without
 * quotes) makes the URL its own: a browser cache keeping an older bundle under `max-age`/`stale-while-revalidate`
 * can never answer it, so a publish shows on the next page load.
 */
export function namedBundleUrl(market: string, etag: string): string {
  return `${bundleUrl(PUBLISHED_CONFIG_BASE, market)}&v=${encodeURIComponent(etag.replace(/^W\//, '').replace(/"/g, ''))}`;
}
