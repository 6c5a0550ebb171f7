import { HttpError } from '../http/http-error.js';
import type { AuditFilter } from '../store/config-store.js';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The last instant an ISO text of four-digit years writes: the store compares instants as text. */
const LAST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant from `since`/`until`: a day (`2026-11-22`, UTC) or a full ISO 8601 time. A day as `until`
 * includes that whole day (the console's date pickers give days). Garbage is a 400 naming the field,
 * never a silently unfiltered list.
 */
function instant(v: unknown, field: 'since' | 'until'): string | undefined {
  const s = str(v);
  if (s === undefined) return undefined;
  const t = Date.parse(DAY.test(s) ? `${s}T00:00:00.000Z` : s);
  if (!Number.isFinite(t))
    throw new HttpError(400, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 time, not '${s.slice(0, 40)}'`);
  return new Date(Math.min(field === 'until' && DAY.test(s) ? t + 86_400_000 : t, LAST)).toISOString();
}

/** The audit filter of `GET /audit`'s query: kind, id, actor, before, limit, since, until. */
export function auditFilterOf(q: Record<string, unknown>): AuditFilter {
  return {
    kind: str(q.kind),
    id: str(q.id),
    actor: str(q.actor),
    before: num(q.before),
    limit: num(q.limit),
    since: instant(q.since, 'since'),
    until: instant(q.until, 'until'),
  };
}
