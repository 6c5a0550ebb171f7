/**
 * The page's browser as the core's runtime sees it (core/runtime/device.ts): screen storage, cookies, the user agent,
 * the clipboard and new windows. The app's screens (boot/ScreenHost.tsx) and the renderer's tests run with it.
 */
import type { Device } from '../core/runtime/device';
import { readCookie, writeCookie } from './cookies';
import { screenStorage } from './storage';

/** Old webviews lack the async clipboard API (or deny it outside a secure context): a hidden textarea still works there. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or no secure context: try the old way below.
  }
  return legacyCopy(text);
}

export const browserDevice: Device = {
  storage: screenStorage,
  readCookie,
  writeCookie,
  userAgent: () =>
    typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string' ? navigator.userAgent : '',
  copyText,
  openWindow: (url) => void window.open(url, '_blank', 'noopener'),
};
