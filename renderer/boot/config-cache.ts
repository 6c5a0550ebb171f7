/**
 * The last good config (bundle per market, screens by id, with ETags) in localStorage: used when
 * the config server is down or answers garbage, and sent back as If-None-Match.
 */
const PREFIX = 'sdui:config:';

export interface Cached<T> {
  etag: string | null;
  body: T;
}

export function readCached<T>(key: string): Cached<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Cached<T>) : null;
  } catch {
    return null;
  }
}

export function writeCached<T>(key: string, value: Cached<T>): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Quota full or storage off: the cache is a fallback, not a requirement.
  }
}
