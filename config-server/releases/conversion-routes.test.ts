/**
 * `POST /config/v1/conversions`: the backend's conversions, server to server. Only with a key (either of two during a
 * rotation), a 400 naming the field for anything malformed (an unknown metric too, and nothing stored), idempotent by
 * event id, counted once per borrower and metric and only after the borrower's exposure. Every exchange is checked
 * against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket } from './testing/test-tickets.js';

const NEW_KEY = 'new-conversion-key-0123456789abcdefgh';
const OLD_KEY = 'old-conversion-key-0123456789abcdefgh';
const SCREEN = 'complaint-entry';

describe('POST /config/v1/conversions', () => {
  let s: TestServer;
  let release: string;
  const post = async (body: unknown, key: string | null = NEW_KEY, raw?: string) => {
    const r = await fetch(`${s.url}/config/v1/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { authorization: `Bearer ${key}` }) },
      body: raw ?? JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> & { error?: { message: string } } };
  };
  const hits = async (arm?: string) => {
    const c = await s.config.store.experiments.experimentCounts(release);
    return c.hits.filter((h) => !arm || h.arm === arm).reduce((a, h) => a + h.n, 0);
  };
  /** A borrower the server exposed (a screen fetched with their deviceId); answers their arm. */
  const exposed = async (deviceId: string) => {
    const t = await fetchTicket(s.url, SCREEN, deviceId, release);
    await s.config.exposures.flush();
    return t.arm;
  };
  const soon = () => new Date(Date.now() + 1000).toISOString();

  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000, env: { CONVERSION_KEYS: `${NEW_KEY},${OLD_KEY}` } });
    const experiment = { goals: ['registered'], guardrails: ['complaintFiled'] };
    release = (await startTestRelease(s, { screens: [SCREEN], experiment })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('refuses a call without a valid key, before reading its body', async () => {
    const event = { id: 'k1', metric: 'registered', deviceId: 'd', at: soon() };
    for (const key of [null, 'wrong-key-0123456789abcdefghijklmnop', `${NEW_KEY}x`, '']) {
      const r = await post({ events: [event] }, key);
      expect(r.status).toBe(401);
      expect(r.body.error!.message).toMatch(/conversion key/);
    }
    expect((await post(null, null, '{not json')).status).toBe(401);
  });

  it('counts a conversion of an exposed borrower once, in their arm; the old key still verifies', async () => {
    const arm = await exposed('conv-1');
    const event = { id: 'ev-1', metric: 'registered', deviceId: 'conv-1', at: soon() };
    expect(await post({ events: [event] })).toEqual({
      status: 200,
      body: { accepted: 1, duplicates: 0, counted: 1 },
    });
    // The backend retries: the same id counts nothing again, whichever key it sends.
    expect((await post({ events: [event] }, OLD_KEY)).body).toEqual({ accepted: 0, duplicates: 1, counted: 0 });
    // A second registration of the same borrower: a new event, no new conversion.
    expect((await post({ events: [{ ...event, id: 'ev-2' }] })).body).toEqual({
      accepted: 1,
      duplicates: 0,
      counted: 0,
    });
    expect(await hits(arm)).toBe(1);
  });

  it('counts nothing for a borrower never exposed, or converting before the exposure', async () => {
    const before = await hits();
    const past = new Date(Date.now() - 60_000).toISOString();
    await exposed('conv-2');
    const r = await post({
      events: [
        { id: 'ev-3', metric: 'registered', deviceId: 'stranger', at: soon() },
        { id: 'ev-4', metric: 'registered', deviceId: 'conv-2', at: past },
      ],
    });
    expect(r.body).toEqual({ accepted: 2, duplicates: 0, counted: 0 });
    expect(await hits()).toBe(before);
  });

  it('answers 400 naming the field for anything malformed, and stores nothing of that call', async () => {
    await exposed('conv-3');
    const good = { id: 'ev-5', metric: 'registered', deviceId: 'conv-3', at: soon() };
    const cases: [unknown, RegExp][] = [
      [
        { events: [good, { ...good, id: 'ev-6', metric: 'signedUp' }] },
        /^events\[1\]\.metric must name a published metric: complaintFiled, loanConfirmed, registered, repaid/,
      ],
      [{ events: [{ ...good, at: 'yesterday' }] }, /^events\[0\]\.at must be an ISO 8601 time/],
      // A day no calendar has: JavaScript's Date would take it as 2 March, days from when it happened.
      [{ events: [{ ...good, at: '2026-02-30T10:00:00Z' }] }, /^events\[0\]\.at must be an ISO 8601 time/],
      [{ events: [{ ...good, at: '2999-01-01T00:00:00Z' }] }, /^events\[0\]\.at lies more than an hour in the future/],
      [{ events: [{ ...good, id: '' }] }, /^events\[0\]\.id must be the event id/],
      [{ events: [{ ...good, deviceId: 7 }] }, /^events\[0\]\.deviceId must be/],
      [{ events: [{ ...good, phone: '0812' }] }, /^events\[0\]\.phone is not a field of an event/],
      [{ events: [] }, /^events must be a list of 1 to 1,000 events/],
      [
        { events: Array.from({ length: 1001 }, (_, i) => ({ ...good, id: `m${i}` })) },
        /^events must be a list of 1 to 1,000/,
      ],
      [{ events: [good], extra: 1 }, /^extra is not a field of the body/],
      [[good], /^body must be a JSON object/],
    ];
    for (const [body, message] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error!.message).toMatch(message);
    }
    const broken = await post(null, NEW_KEY, '{"events": [');
    expect(broken.status).toBe(400);
    // Nothing of the refused calls was stored: the good event counts when it comes alone.
    expect((await post({ events: [good] })).body).toEqual({ accepted: 1, duplicates: 0, counted: 1 });
  });

  it('takes 1,000 events in one call', async () => {
    await exposed('conv-many');
    const at = soon();
    const events = Array.from({ length: 1000 }, (_, i) => ({
      id: `bulk-${i}`,
      metric: i % 2 ? 'registered' : 'complaintFiled',
      deviceId: i < 2 ? 'conv-many' : `nobody-${i}`,
      at,
    }));
    expect((await post({ events })).body).toEqual({ accepted: 1000, duplicates: 0, counted: 2 });
  });
});
