/**
 * The page's browser as the core's runtime sees it (core/runtime/device.ts): screen storage, cookies, the user agent,
 * the clipboard and new windows. The app's screens (boot/ScreenHost.tsx) and the renderer's tests run with it.
 */
import type { Device } from '../core/runtime/device';
import { readCookie, writeCookie } from './cookies';
import { screenStorage } from './storage';

/** The clipboard's code (a copy step's only) is no part of the first load: it comes once the first screen shows (App.tsx). */
export const warmClipboard = () => import('./clipboard');

export const browserDevice: Device = {
  storage: screenStorage,
  readCookie,
  writeCookie,
  userAgent: () =>
    typeof navigator !== 'undefined' && typeof navigator.userAgent === 'string' ? navigator.userAgent : '',
  copyText: (text) => warmClipboard().then((m) => m.copyText(text)),
  openWindow: (url) => void window.open(url, '_blank', 'noopener'),
};
