/** One wording for server errors across the console, so an editor always knows what to do next. */
import { AdminApiError } from './admin-api';

export const STALE_MESSAGE = 'Someone else changed this document: reload. Your typed changes are kept.';

export function describeError(e: unknown): string {
  if (e instanceof AdminApiError) {
    if (e.status === 412) return STALE_MESSAGE;
    if (e.status === 401) return 'Your session ended: log in again.';
    if (e.status === 403) return `Not allowed: ${e.message}`;
    return e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
