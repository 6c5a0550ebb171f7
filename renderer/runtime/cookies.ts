/**
 * Cookies written by `storage` actions with `in: "cookie"` (attribution a backend or a later visit reads),
 * read in expressions with `cookie('name')`. Names follow the storage key pattern, values are URI-encoded.
 */
const hasDocument = () => typeof document !== 'undefined' && typeof document.cookie === 'string';

export function readCookie(name: string): string | undefined {
  if (!hasDocument()) return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The last second of a year, in the GMT form the `expires` attribute wants. */
export function endOfYear(year: number): string {
  return new Date(Date.UTC(year, 11, 31, 23, 59, 59)).toUTCString();
}

/** Writes (or, with `value` null, removes) a site-wide cookie; `expiresYear` absent makes a session cookie. */
export function writeCookie(name: string, value: string | null, expiresYear?: number): void {
  if (!hasDocument()) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const expires =
    value === null
      ? '; expires=Thu, 01 Jan 1970 00:00:00 GMT'
      : expiresYear !== undefined
        ? `; expires=${endOfYear(expiresYear)}`
        : '';
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; path=/; SameSite=Lax${expires}${secure}`;
}
