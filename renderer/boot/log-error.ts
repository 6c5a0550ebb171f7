import { note } from '../telemetry/telemetry-inbox';

/**
 * Problems of documents and widgets: console for developers, a window event for tests, the message (never its detail)
 * for the beacons. Never shown to borrowers.
 */
export const LOG_EVENT = 'sdui:log';

export function logError(message: string, detail?: unknown): void {
  console.warn(`[sdui] ${message}`, detail ?? '');
  note({ log: message });
  try {
    window.dispatchEvent(
      new CustomEvent(LOG_EVENT, {
        detail: { message, detail: detail === undefined ? undefined : safeDetail(detail) },
      }),
    );
  } catch {
    // Logging must never break the page.
  }
}

const safeDetail = (d: unknown) => (d instanceof Error ? d.message : d);
