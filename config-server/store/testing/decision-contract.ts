/**
 * The store's rules live in its decisions (../decisions/): this suite fails when a store writes without asking them.
 * Every use case of both stores must call its decision, and what the decision answers is what gets written, so a rule
 * changed in a decision changes the SQLite and the PostgreSQL store alike. Run by describeStoreContracts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decisions, type Decisions } from '../decisions/decisions.js';
import { conflict } from '../store-errors.js';
import { importOnFirstStart } from '../repo-documents.js';
import type { TelemetryStore } from '../telemetry-records.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';
import { draftNotFound, releaseNotFound } from './store-steps.js';

const ok = () => undefined;
const screen = { kind: 'screen', id: 'not-found' };

export function describeDecisionContract(
  name: string,
  factory: () => StoreFactory,
  telemetryOf: (s: OpenedStore) => TelemetryStore,
) {
  describe(`${name}: decision contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    beforeEach(async () => {
      f = factory();
      s = await f.create();
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      await s.store.close();
      await f.dispose();
    });

    it('asks its decision for every write: drafts, publishes, approvals, releases and ticketed views', async () => {
      const asked = new Set<string>();
      for (const k of Object.keys(decisions) as (keyof Decisions)[]) {
        const real = decisions[k] as (...a: unknown[]) => unknown;
        vi.spyOn(decisions, k).mockImplementation(((...a: unknown[]) => (asked.add(k), real(...a))) as never);
      }
      const { store } = s;
      await importOnFirstStart(store);
      const draft = await draftNotFound(store, 'once');
      await store.approve({ ...screen, etag: draft.etag, version: null }, { user: 'paula' });
      await store.publish([screen], { user: 'pat', note: 'n' }, ok);
      const now = (await store.getDocument('screen', 'not-found'))!;
      await store.rollback({ ...screen, version: 1, expectedRevision: now.revision }, { user: 'pat', reason: 'r' }, ok);
      const made = await store.saveDraft({ kind: 'screen', id: 'scratch', file: 'x.json', content: {} }, null, {
        user: 'ed',
      });
      await store.discardDraft({ kind: 'screen', id: 'scratch' }, made.revision, { user: 'ed' });
      const r = await releaseNotFound(store);
      await store.releases.setReleasePercent(r.id, 5, { user: 'pat' }, ok);
      await store.releases.completeRelease(r.id, { user: 'pat', note: 'done' }, ok);
      await store.releases.rollbackRelease((await releaseNotFound(store)).id, { user: 'pat', reason: 'r' });
      await store.releases.advanceReleases('2999-01-01T00:00:00.000Z');
      const view = { release: 'rel-x', arm: 'base' as const, screen: 'not-found', errors: [], others: [], bins: [] };
      const views = [{ view: 'v1', expiresAt: 4_000_000_000, releases: [view] }];
      await telemetryOf(s).add({ counts: [], bins: [] }, { address: 'a', cap: 5, now: 0, views });
      const conversion = { id: 'c1', metric: 'registered', deviceId: 'd1', at: 1 };
      await store.experiments.addConversions([conversion], 'backend', new Map([['registered', 72]]), 2);
      expect([...asked].sort()).toEqual(Object.keys(decisions).sort());
    });

    it('writes what the decision answers, and nothing when it refuses: a rule changed there changes the store', async () => {
      await importOnFirstStart(s.store);
      const save = decisions.saveDraft;
      vi.spyOn(decisions, 'saveDraft').mockImplementation((input) => {
        const d = save(input);
        return { ...d, audit: d.audit.map((e) => ({ ...e, note: 'saved under a changed rule' })) };
      });
      await draftNotFound(s.store, 'changed rule');
      expect((await s.store.audit({ id: 'not-found', limit: 1 }))[0].note).toBe('saved under a changed rule');
      vi.spyOn(decisions, 'publish').mockImplementation(() => {
        throw conflict('publishing is frozen');
      });
      await expect(s.store.publish([screen], { user: 'pat', note: 'n' }, ok)).rejects.toThrow('publishing is frozen');
      expect((await s.store.getDocument('screen', 'not-found'))!.draft).not.toBeNull();
    });
  });
}
