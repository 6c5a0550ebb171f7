/**
 * Where a server-drawn page's bundle is fetched: the config server writes it into the page's preload hint and the
 * app's config client asks for exactly it, so the browser hands over that download. The version (the ETag, without
 * quotes) makes the URL its own: a browser cache keeping an older bundle under `max-age`/`stale-while-revalidate`
 * can never answer it, so a publish shows on the next page load.
 */
export function namedBundleUrl(market: string, etag: string): string {
  return `/config/v1/bundle?market=${encodeURIComponent(market)}&v=${encodeURIComponent(etag.replace(/^W\//, '').replace(/"/g, ''))}`;
}
