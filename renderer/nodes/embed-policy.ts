/**
 * Which page a screen may frame (the embedded-page widget): documents are edited by ops and data comes from the
 * backend, so neither may frame a page the market did not allow. Apart from the first chunk's link and image guards
 * (safe-url.ts): only that widget's chunk needs it.
 */

/** An embedded page must be https and its origin one of the market's `embedOrigins`. */
export function isAllowedEmbed(src: unknown, allowedOrigins: unknown): src is string {
  if (typeof src !== 'string' || !Array.isArray(allowedOrigins)) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  return allowedOrigins.some((o) => typeof o === 'string' && originOf(o) === url.origin);
}

/**
 * An allowed origin as the browser names it: the market may write capitals or the default port (`:443`), which
 * a page's origin never has, so comparing the text as written refused every page of that origin.
 */
function originOf(written: string): string | undefined {
  try {
    return new URL(written).origin;
  } catch {
    return undefined;
  }
}
