/**
 * The telemetry behaviour every store must have (issue 36), as one vitest suite that sqlite-store.test.ts and
 * pg-store.test.ts run against their store. Not imported by production code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenedStore, StoreFactory } from './store-contract.js';
import type { CountRow, TelemetryBatch, TelemetryStore } from './telemetry-records.js';

const count = (release: string, arm: CountRow['arm'], screen: string, metric: string, n: number): CountRow => ({ release, arm, screen, metric, n });

export function describeTelemetryContract(name: string, factory: () => StoreFactory, telemetryOf: (s: OpenedStore) => TelemetryStore) {
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
        counts: [{ arm: 'candidate', metric: 'apiFailures:problemInit', n: 6 }, { arm: 'candidate', metric: 'pageViews', n: 4 }],
        bins: [{ arm: 'candidate', metric: 'lcp', bin: 24, n: 4 }],
      });
      expect(await t.figures('rel-0123456789', [])).toEqual({ counts: [], bins: [] });
      expect(await t.figures('')).toEqual({ counts: [{ arm: '', metric: 'pageViews', n: 4 }], bins: [] });
    });

    it('writes a batch whole or not at all', async () => {
      const broken = { counts: [...beacon.counts, count('rel-0123456789', 'base', null as unknown as string, 'pageViews', 1)], bins: beacon.bins };
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
  });
}
