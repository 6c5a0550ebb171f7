/**
 * The telemetry behaviour every store must have, as one vitest suite that sqlite-store.test.ts and
 * pg-store.test.ts run against their store. Not imported by production code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedStore, StoreFactory } from './store-factory.js';
import type { CountRow, TelemetryBatch, TelemetryStore, TicketedView, TicketedViews } from '../telemetry-records.js';

const count = (release: string, arm: CountRow['arm'], screen: string, metric: string, n: number): CountRow => ({
  release,
  arm,
  screen,
  metric,
  n,
});

export function describeTelemetryContract(
  name: string,
  factory: () => StoreFactory,
  telemetryOf: (s: OpenedStore) => TelemetryStore,
) {
  describe(`${name}: telemetry contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    let t: TelemetryStore;
    beforeEach(async () => {
      f = factory();
      s = await f.create();
      t = telemetryOf(s);
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    const beacon: TelemetryBatch = {
      counts: [
        count('', '', 'complaint-entry', 'pageViews', 2),
        count('rel-0123456789', 'candidate', 'complaint-entry', 'pageViews', 2),
        count('rel-0123456789', 'candidate', 'complaint-entry', 'apiFailures:problemInit', 1),
        count('rel-0123456789', 'base', 'complaint-list', 'pageViews', 3),
        // The same key twice in one batch adds up (PostgreSQL refuses a row twice in one upsert: the store merges).
        count('rel-0123456789', 'candidate', 'complaint-entry', 'apiFailures:problemInit', 2),
      ],
      bins: [
        { release: 'rel-0123456789', arm: 'candidate', screen: 'complaint-entry', metric: 'lcp', bin: 24, n: 1 },
        { release: 'rel-0123456789', arm: 'candidate', screen: 'complaint-entry', metric: 'lcp', bin: 24, n: 1 },
        { release: 'rel-0123456789', arm: 'base', screen: 'complaint-list', metric: 'lcp', bin: 30, n: 1 },
        { release: 'rel-0123456789', arm: 'base', screen: 'complaint-list', metric: 'inp', bin: 2, n: 1 },
      ],
    };

    it('sums what batches add, per arm and metric, over the screens asked for', async () => {
      expect(await t.figures('rel-0123456789')).toEqual({ counts: [], bins: [] });
      await t.add(beacon);
      await t.add(beacon);
      expect(await t.figures('rel-0123456789')).toEqual({
        counts: [
          { arm: 'base', metric: 'pageViews', n: 6 },
          { arm: 'candidate', metric: 'apiFailures:problemInit', n: 6 },
          { arm: 'candidate', metric: 'pageViews', n: 4 },
        ],
        bins: [
          { arm: 'base', metric: 'inp', bin: 2, n: 2 },
          { arm: 'base', metric: 'lcp', bin: 30, n: 2 },
          { arm: 'candidate', metric: 'lcp', bin: 24, n: 4 },
        ],
      });
      expect(await t.figures('rel-0123456789', ['complaint-entry'])).toEqual({
        counts: [
          { arm: 'candidate', metric: 'apiFailures:problemInit', n: 6 },
          { arm: 'candidate', metric: 'pageViews', n: 4 },
        ],
        bins: [{ arm: 'candidate', metric: 'lcp', bin: 24, n: 4 }],
      });
      expect(await t.figures('rel-0123456789', [])).toEqual({ counts: [], bins: [] });
      expect(await t.figures('')).toEqual({ counts: [{ arm: '', metric: 'pageViews', n: 4 }], bins: [] });
    });

    it('writes a batch whole or not at all', async () => {
      const broken = {
        counts: [...beacon.counts, count('rel-0123456789', 'base', null as unknown as string, 'pageViews', 1)],
        bins: beacon.bins,
      };
      await expect(t.add(broken)).rejects.toBeDefined();
      expect(await t.figures('rel-0123456789')).toEqual({ counts: [], bins: [] });
      expect(await t.figures('')).toEqual({ counts: [], bins: [] });
    });

    it('loses no increment when many batches arrive at once, and keeps them across a reopen', async () => {
      await Promise.all(Array.from({ length: 40 }, () => t.add(beacon)));
      await s.store.close();
      s = await f.reopen();
      t = telemetryOf(s);
      const figures = await t.figures('rel-0123456789');
      expect(figures.counts.find((c) => c.arm === 'candidate' && c.metric === 'pageViews')?.n).toBe(80);
      expect(figures.bins.find((b) => b.arm === 'candidate' && b.metric === 'lcp')?.n).toBe(80);
    });

    // Views vouched for by a view ticket.
    const view = (id: string, errors = 0, expiresAt = 2_000): TicketedView => ({
      view: id,
      expiresAt,
      releases: [
        {
          release: 'rel-0123456789',
          arm: 'candidate',
          screen: 'complaint-entry',
          errors: errors
            ? [
                { metric: 'renderErrors', n: Math.min(errors, 3) },
                { metric: 'apiFailures:problemInit', n: Math.max(0, errors - 3) },
              ].filter((e) => e.n)
            : [],
          others: [{ metric: 'unknownNodes', n: 1 }],
          bins: [{ metric: 'lcp', bin: 24 }],
        },
      ],
    });
    const from = (address: string, views: TicketedView[], now = 1_000, cap = 4): TicketedViews => ({
      address,
      cap,
      now,
      views,
    });
    const counted = async () =>
      Object.fromEntries((await t.figures('rel-0123456789')).counts.map((c) => [`${c.arm} ${c.metric}`, c.n]));
    const none: TelemetryBatch = { counts: [], bins: [] };

    it('counts a ticketed view once: the first batch carrying its view id, even from another store handle', async () => {
      await t.add(none, from('addr-a', [view('view-1', 2)]));
      await t.add(none, from('addr-b', [view('view-1', 2), view('view-1', 2)]));
      expect(await counted()).toEqual({
        'candidate pageViews': 1,
        'candidate renderErrors': 2,
        'candidate unknownNodes': 1,
      });
      // Another replica (a second handle on the same database) finds the view id taken too.
      const other = await f.reopen();
      try {
        await telemetryOf(other).add(none, from('addr-c', [view('view-1', 2)]));
      } finally {
        await other.store.close();
      }
      expect((await t.figures('rel-0123456789')).bins).toEqual([{ arm: 'candidate', metric: 'lcp', bin: 24, n: 1 }]);
      expect(await counted()).toEqual({
        'candidate pageViews': 1,
        'candidate renderErrors': 2,
        'candidate unknownNodes': 1,
      });
    });

    it('caps what one address counts per release: page views and errors each, whatever the views say', async () => {
      await t.add(
        none,
        from(
          'addr-a',
          Array.from({ length: 10 }, (_, i) => view(`flood-${i}`, 20)),
        ),
      );
      await t.add(none, from('addr-a', [view('flood-late', 20)]));
      expect(await counted()).toEqual({
        'candidate pageViews': 4,
        'candidate renderErrors': 3,
        'candidate apiFailures:problemInit': 1,
        'candidate unknownNodes': 4,
      });
      // Another address has its own.
      await t.add(none, from('addr-b', [view('other-1', 1)]));
      expect((await counted())['candidate pageViews']).toBe(5);
    });

    it('keeps a view id until it expires, then purges it', async () => {
      await t.add(none, from('addr-a', [view('short', 0, 1_500)]));
      await t.add(none, from('addr-a', [view('short', 0, 1_500)], 1_400));
      expect((await counted())['candidate pageViews']).toBe(1);
      // Past its expiry the row is gone (a ticket that old is refused before it reaches the store).
      await t.add(none, from('addr-a', [view('short', 0, 3_000)], 1_600));
      expect((await counted())['candidate pageViews']).toBe(2);
    });

    it('shares a secret: the first one made is the one every caller gets', async () => {
      const a = await t.sharedSecret('test-key', () => 'first');
      const b = await t.sharedSecret('test-key', () => 'second');
      expect([a, b]).toEqual(['first', 'first']);
      expect(await t.sharedSecret('other-key', () => 'third')).toBe('third');
    });
  });
}
