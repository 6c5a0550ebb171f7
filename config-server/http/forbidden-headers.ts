/**
 * Request headers an API map may not set: with `{query: "h", header: "Host"}` published, `?h=evil.example`
 * made the server's own data call carry `Host: evil.example` and the page drew image URLs on that host. These are the
 * headers HTTP itself manages (where the request goes, its framing, the connection, cookies) and the hop-by-hop ones
 * (RFC 9110 §7.6.1). Matched case-insensitively, as HTTP header names are.
 */
export const FORBIDDEN_HEADERS: readonly string[] = [
  'Host',
  'Cookie',
  'Set-Cookie',
  'Content-Length',
  'Transfer-Encoding',
  'Connection',
  'Keep-Alive',
  'Proxy-*',
  'TE',
  'Trailer',
  'Upgrade',
];

const FORBIDDEN =
  /^(host|cookie|set-cookie|content-length|transfer-encoding|connection|keep-alive|proxy-.*|te|trailers?|upgrade)$/i;

export const isForbiddenHeader = (name: string): boolean => FORBIDDEN.test(name.trim());

/** The headers without the forbidden ones (defence in depth where a call is assembled from an API map). */
export function withoutForbiddenHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!isForbiddenHeader(k)) out[k] = v;
  return out;
}
