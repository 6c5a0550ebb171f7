/**
 * The store's time is the injected Clock's (../../clock.ts): what a write stamps, when a schedule is due and when a
 * session or token ends. Run by describeStoreContracts on both stores, with a clock the test moves.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../clock.js';
import { importOnFirstStart } from '../repo-documents.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';
import { draftNotFound } from './store-steps.js';

const T0 = '2031-02-03T04:05:06.000Z';

export function describeClockContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: clock contract`, () => {
    const clock = fixedClock(T0);
    let f: StoreFactory;
    let s: OpenedStore;
    beforeEach(async () => {
      clock.set(T0);
      f = factory();
      s = await f.create(clock);
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    it("stamps drafts, versions, releases and the audit with the clock's time, and starts a release when it says", async () => {
      await importOnFirstStart(s.store);
      expect((await s.store.getDocument('screen', 'not-found'))!.published!.createdAt).toBe(T0);
      clock.advance(60_000);
      const draft = await draftNotFound(s.store, 'later');
      expect(draft.draft!.updatedAt).toBe('2031-02-03T04:06:06.000Z');
      const startAt = '2031-02-03T05:00:00.000Z';
      const rollout = { percent: 5, audience: {}, startAt, endAt: null, guard: false };
      const r = await s.store.releases.publishRelease(
        [{ kind: 'screen', id: 'not-found' }],
        { user: 'pat', note: 'n', rollout },
        () => undefined,
      );
      expect(r).toMatchObject({ status: 'scheduled', createdAt: '2031-02-03T04:06:06.000Z' });
      expect(await s.store.releases.advanceReleases()).toEqual([]);
      clock.set(startAt);
      expect((await s.store.releases.advanceReleases()).map((x) => [x.id, x.status])).toEqual([[r.id, 'rolling']]);
      expect((await s.store.audit({ limit: 1 }))[0]).toMatchObject({ action: 'release.start', at: startAt });
    });

    it('ends sessions and API tokens when the clock passes their end', async () => {
      const end = clock.now() + 60_000;
      await s.auth.upsertUser({ name: 'pat', role: 'publisher', passwordHash: 'h' });
      await s.auth.createSession('sess', { user: 'pat', csrf: 'c', expiresAt: end, lastSeenAt: clock.now() });
      await s.auth.createApiToken('tok', { id: 't1', user: 'pat', label: 'ci', role: 'viewer', expiresAt: end });
      expect(await s.auth.getUser('pat')).toMatchObject({ createdAt: T0 });
      expect(await s.auth.getSession('sess')).toMatchObject({ user: 'pat' });
      expect(await s.auth.getApiToken('tok')).toMatchObject({ id: 't1', createdAt: T0 });
      clock.advance(60_001);
      expect(await s.auth.getSession('sess')).toBeUndefined();
      expect(await s.auth.getApiToken('tok')).toBeUndefined();
      expect(await s.auth.listApiTokens('pat')).toEqual([]);
    });
  });
}
