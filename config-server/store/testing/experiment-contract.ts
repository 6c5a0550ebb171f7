/**
 * What every store must do with experiments (experiment-records.ts): a borrower's first exposure is kept, conversions
 * are idempotent by event id and count once per release, metric, source and borrower, only after the exposure and
 * within the metric's window, and results are counted per arm, market and day. Run by describeStoreContracts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importOnFirstStart } from '../repo-documents.js';
import { DAY_MS, HOUR_MS, type ExperimentCountRows } from '../experiment-records.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';
import { releaseNotFound } from './store-steps.js';

const T0 = Date.UTC(2026, 10, 1, 10);
const WINDOWS = new Map([
  ['registered', 72],
  ['loanConfirmed', 24],
  ['repaid', 72],
]);
const sum = (rows: { n: number }[]) => rows.reduce((a, r) => a + r.n, 0);
const hitsOf = (c: ExperimentCountRows, metric: string, source = 'backend', arm?: string) =>
  sum(c.hits.filter((h) => h.metric === metric && h.source === source && (!arm || h.arm === arm)));

export function describeExperimentContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: experiment contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    let release: string;
    beforeEach(async () => {
      f = factory();
      s = await f.create();
      await importOnFirstStart(s.store);
      const experiment = { goals: ['registered', 'loanConfirmed'], guardrails: [] };
      release = (await releaseNotFound(s.store, { percent: 50, experiment })).id;
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    const expose = (deviceId: string, arm: 'base' | 'candidate', at = T0, market = 'ID') =>
      s.store.experiments.recordExposures([{ release, deviceId, arm, market, at }]);
    const convert = (events: { id: string; metric?: string; deviceId: string; at: number }[], source = 'backend') =>
      s.store.experiments.addConversions(
        events.map((e) => ({ metric: 'registered', ...e })),
        source as 'backend',
        WINDOWS,
        T0 + 10 * DAY_MS,
      );

    it('keeps the experiment with its release, and a release without one as before', async () => {
      expect((await s.store.releases.getRelease(release))!.experiment).toEqual({
        goals: ['registered', 'loanConfirmed'],
        guardrails: [],
      });
      const audit = await s.store.audit({ kind: 'release', id: release });
      expect(audit.find((a) => a.action === 'release.create')!.note).toContain(
        'experiment on registered, loanConfirmed',
      );
    });

    it("stores a borrower's first exposure once: arm, market and time of the first", async () => {
      await expose('d1', 'candidate', T0, 'ID');
      await expose('d1', 'base', T0 + HOUR_MS, 'IN');
      await expose('d2', 'base', T0 + DAY_MS + 1, 'IN');
      const c = await s.store.experiments.experimentCounts(release);
      expect(c.exposures.sort((a, b) => a.day - b.day)).toEqual([
        { arm: 'candidate', market: 'ID', day: Math.floor(T0 / DAY_MS), n: 1 },
        { arm: 'base', market: 'IN', day: Math.floor(T0 / DAY_MS) + 1, n: 1 },
      ]);
    });

    it('counts a conversion once per borrower and metric, idempotent by event id', async () => {
      await expose('d1', 'candidate');
      await expose('d2', 'base');
      const first = await convert([
        { id: 'e1', deviceId: 'd1', at: T0 + HOUR_MS },
        { id: 'e2', deviceId: 'd1', at: T0 + 2 * HOUR_MS },
        { id: 'e3', deviceId: 'd2', at: T0 + HOUR_MS },
      ]);
      expect(first).toEqual({ accepted: 3, duplicates: 0, counted: 2 });
      expect(await convert([{ id: 'e1', deviceId: 'd1', at: T0 + HOUR_MS }])).toEqual({
        accepted: 0,
        duplicates: 1,
        counted: 0,
      });
      const c = await s.store.experiments.experimentCounts(release);
      expect([hitsOf(c, 'registered', 'backend', 'candidate'), hitsOf(c, 'registered', 'backend', 'base')]).toEqual([
        1, 1,
      ]);
    });

    it('counts only after the exposure, within the window, for metrics the experiment names', async () => {
      await expose('d1', 'candidate');
      await expose('d2', 'candidate');
      await expose('d3', 'candidate');
      await expose('d4', 'candidate');
      const r = await convert([
        { id: 'before', deviceId: 'd1', at: T0 - 1 },
        { id: 'late', deviceId: 'd2', metric: 'loanConfirmed', at: T0 + 24 * HOUR_MS + 1 },
        { id: 'edge', deviceId: 'd3', metric: 'loanConfirmed', at: T0 + 24 * HOUR_MS },
        { id: 'other', deviceId: 'd4', metric: 'repaid', at: T0 + HOUR_MS },
        { id: 'stranger', deviceId: 'nobody', at: T0 + HOUR_MS },
      ]);
      expect(r).toEqual({ accepted: 5, duplicates: 0, counted: 1 });
      const c = await s.store.experiments.experimentCounts(release);
      expect([hitsOf(c, 'registered'), hitsOf(c, 'loanConfirmed'), hitsOf(c, 'repaid')]).toEqual([0, 1, 0]);
      // The borrower converting before their exposure counts once a later event comes within the window.
      expect((await convert([{ id: 'after', deviceId: 'd1', at: T0 + 5 }])).counted).toBe(1);
    });

    it("keeps the app's conversions apart from the backend's", async () => {
      await expose('d1', 'base');
      await convert([{ id: 'b1', deviceId: 'd1', at: T0 + 1 }]);
      await convert([{ id: 'a1', deviceId: 'd1', at: T0 + 2 }], 'app');
      const c = await s.store.experiments.experimentCounts(release);
      expect([hitsOf(c, 'registered', 'backend'), hitsOf(c, 'registered', 'app')]).toEqual([1, 1]);
    });

    it('takes a call of 1,000 events in one go', async () => {
      const devices = Array.from({ length: 600 }, (_, i) => `dev-${i}`);
      await s.store.experiments.recordExposures(
        devices.map((d, i) => ({ release, deviceId: d, arm: i % 2 ? 'candidate' : 'base', market: 'ID', at: T0 })),
      );
      const events = Array.from({ length: 1000 }, (_, i) => ({
        id: `ev-${i}`,
        deviceId: `dev-${i % 700}`,
        at: T0 + i,
      }));
      expect(await convert(events)).toEqual({ accepted: 1000, duplicates: 0, counted: 600 });
      const c = await s.store.experiments.experimentCounts(release);
      expect(sum(c.exposures)).toBe(600);
      expect([hitsOf(c, 'registered', 'backend', 'base'), hitsOf(c, 'registered', 'backend', 'candidate')]).toEqual([
        300, 300,
      ]);
    });

    it('counts each borrower once when writers overlap: no double count, no deadlock', async () => {
      const arm = (i: number) => (i % 2 ? 'candidate' : 'base') as 'base';
      // Four replicas flushing overlapping borrowers at once, in different orders.
      await Promise.all(
        [0, 1, 2, 3].map((w) =>
          s.store.experiments.recordExposures(
            Array.from({ length: 300 }, (_, i) => (i * 7 + w * 100) % 400)
              .map((i) => ({ release, deviceId: `o-${i}`, arm: arm(i), market: 'ID', at: T0 }))
              .reverse(),
          ),
        ),
      );
      // Four reporters retrying overlapping events at once.
      const events = Array.from({ length: 400 }, (_, i) => ({ id: `o-ev-${i}`, deviceId: `o-${i}`, at: T0 + HOUR_MS }));
      const receipts = await Promise.all([0, 1, 2, 3].map((w) => convert(w % 2 ? [...events].reverse() : events)));
      expect(receipts.reduce((a, r) => a + r.accepted, 0)).toBe(400);
      const c = await s.store.experiments.experimentCounts(release);
      expect(sum(c.exposures)).toBe(400);
      expect([hitsOf(c, 'registered', 'backend', 'base'), hitsOf(c, 'registered', 'backend', 'candidate')]).toEqual([
        200, 200,
      ]);
    });
  });
}
