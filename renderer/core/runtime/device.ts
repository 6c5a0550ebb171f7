/**
 * What a screen needs from the browser it runs in, passed in: the core runs on the server too, where there is no
 * page storage, cookie jar, clipboard or window. The browser's is renderer/runtime/browser-device.ts; the server's
 * drawing and its onLoad run use `noDevice`.
 */

/** Screen data kept by `storage` actions; a key is the document's own, the device adds any prefix it needs. */
export interface ScreenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Removes the screen data only, never the app's own keys. */
  clear(): void;
}

export interface Device {
  storage: ScreenStorage;
  /** A cookie's value (URI-decoded); undefined when absent. */
  readCookie(name: string): string | undefined;
  /** Writes (or, with `value` null, removes) a site-wide cookie; `expiresYear` absent makes a session cookie. */
  writeCookie(name: string, value: string | null, expiresYear?: number): void;
  /** The browser's user agent ('' where there is none). */
  userAgent(): string;
  /** Puts text on the clipboard; false when it was refused. */
  copyText(text: string): Promise<boolean>;
  /** Opens an http(s) address in a new window. */
  openWindow(url: string): void;
}

/** A stored value as an expression sees it: JSON when it parses, else the raw string. */
export function readStored(storage: ScreenStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw == null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The server's: nothing stored, no cookies, no clipboard; a drawn page reads the browser's values after hydration. */
export const noDevice: Device = {
  storage: { getItem: () => null, setItem: () => {}, removeItem: () => {}, clear: () => {} },
  readCookie: () => undefined,
  writeCookie: () => {},
  userAgent: () => '',
  copyText: async () => false,
  openWindow: () => {},
};
