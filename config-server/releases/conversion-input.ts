/**
 * The body of `POST /config/v1/conversions`, checked: `{ "events": [{ "id", "metric", "deviceId", "at" }] }`, 1 to
 * 1,000 events. Anything else is a 400 naming the field (`events[3].metric`), an unknown metric included (the metric
 * documents are published documents: the snapshot's). Nothing is stored unless the whole call is well formed.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { HttpError } from '../http/http-error.js';
import type { ConversionEvent } from '../store/experiment-records.js';

export const MAX_EVENTS = 1000;
const ID = /^[A-Za-z0-9._:@-]{1,128}$/;
/** A deviceId as conversions name it (and so as exposures keep it): 1-128 visible ASCII characters. */
export const DEVICE_ID = /^[\x21-\x7e]{1,128}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/**
 * RFC 3339's full-date, as ajv-formats checks it (days of each month, leap years): Date.parse takes 30 February as
 * 2 March, which would move a conversion days away from when it happened, into or out of its window.
 */
const realDate = (fullFormats.date as { validate: (s: string) => boolean }).validate;
/** A conversion dated this far ahead of the server's clock is refused (clocks drift, events do not come from the future). */
export const FUTURE_SLACK_MS = 60 * 60_000;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const bad = (field: string, message: string, more: Record<string, unknown> = {}) =>
  new HttpError(400, `${field} ${message}`, { field, ...more });

export function conversionEventsOf(body: unknown, metrics: readonly string[], now: number): ConversionEvent[] {
  if (!isObj(body)) throw bad('body', 'must be a JSON object: { "events": [{ "id", "metric", "deviceId", "at" }] }');
  const extra = Object.keys(body).filter((k) => k !== 'events');
  if (extra.length) throw bad(extra[0], 'is not a field of the body: only events', { allowed: ['events'] });
  const list = body.events;
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_EVENTS)
    throw bad('events', `must be a list of 1 to ${MAX_EVENTS.toLocaleString('en')} events`);
  return list.map((e: unknown, i): ConversionEvent => {
    const at = `events[${i}]`;
    if (!isObj(e)) throw bad(at, 'must be an object: { id, metric, deviceId, at }');
    const more = Object.keys(e).filter((k) => !['id', 'metric', 'deviceId', 'at'].includes(k));
    if (more.length) throw bad(`${at}.${more[0]}`, 'is not a field of an event: id, metric, deviceId, at');
    if (typeof e.id !== 'string' || !ID.test(e.id))
      throw bad(`${at}.id`, 'must be the event id: 1-128 letters, digits or . _ : @ -');
    if (typeof e.metric !== 'string' || !metrics.includes(e.metric))
      throw bad(
        `${at}.metric`,
        `must name a published metric: ${[...metrics].sort().join(', ')}` +
          (typeof e.metric === 'string' ? ` (got '${e.metric.slice(0, 64)}')` : ''),
        { allowed: [...metrics].sort() },
      );
    if (typeof e.deviceId !== 'string' || !DEVICE_ID.test(e.deviceId))
      throw bad(`${at}.deviceId`, "must be the borrower's deviceId: 1-128 visible characters");
    const t = typeof e.at === 'string' && ISO.test(e.at) && realDate(e.at.slice(0, 10)) ? Date.parse(e.at) : NaN;
    if (!Number.isFinite(t)) throw bad(`${at}.at`, 'must be an ISO 8601 time with a zone, e.g. 2026-05-01T09:30:00Z');
    if (t > now + FUTURE_SLACK_MS) throw bad(`${at}.at`, 'lies more than an hour in the future');
    return { id: e.id, metric: e.metric, deviceId: e.deviceId, at: t };
  });
}
