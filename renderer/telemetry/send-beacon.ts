import { PUBLISHED_CONFIG_BASE } from '../core/bundle/named-bundle-url';

export const BEACON_URL = `${PUBLISHED_CONFIG_BASE}/beacon`;

/**
 * Hands one beacon body to the browser: `navigator.sendBeacon` survives the page closing; where it is missing, refuses
 * (its queue is full) or throws (older Chromium webviews refused a JSON blob with an exception), a keepalive fetch does
 * the same. Nothing here ever reaches the borrower: no retry, no error shown, no rejection left unhandled.
 */
export function sendBeacon(body: string): void {
  try {
    if (navigator.sendBeacon?.(BEACON_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // The fetch below carries it instead.
  }
  try {
    void fetch(BEACON_URL, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => {});
  } catch {
    // Telemetry is best effort.
  }
}
