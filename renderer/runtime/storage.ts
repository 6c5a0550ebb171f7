import { readStored as readStoredIn, type ScreenStorage } from '../core/runtime/device';

/**
 * Screen data kept in localStorage by `storage` actions, under one prefix so `clear` never wipes
 * the app's own keys (the cached config).
 */
const PREFIX = 'sdui:data:';

const safe = <T>(f: () => T, fallback: T): T => {
  try {
    return f();
  } catch {
    // Private mode or a full quota: storage is a convenience, never a reason to break a screen.
    return fallback;
  }
};

export const screenStorage: ScreenStorage = {
  getItem: (key: string) => safe(() => localStorage.getItem(PREFIX + key), null),
  setItem: (key: string, value: string) => safe(() => localStorage.setItem(PREFIX + key, value), undefined),
  removeItem: (key: string) => safe(() => localStorage.removeItem(PREFIX + key), undefined),
  clear: () =>
    safe(() => {
      const keys: string[] = [];
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (k?.startsWith(PREFIX)) keys.push(k);
      }
      keys.forEach((k) => localStorage.removeItem(k));
    }, undefined),
};

/** A stored value as an expression sees it (JSON when it parses, else the raw string), from the page's storage. */
export const readStored = (key: string): unknown => readStoredIn(screenStorage, key);
