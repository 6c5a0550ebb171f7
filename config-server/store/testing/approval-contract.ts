/**
 * The approval behaviour every ConfigStore must have (four eyes per document), as one vitest suite that
 * sqlite-store.test.ts and pg-store.test.ts run against their store. Not imported by production code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Change, PublishCheck } from '../config-store.js';
import { importOnFirstStart } from '../repo-documents.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';

const ROLLOUT = { percent: 10, audience: {}, startAt: null, endAt: null, guard: false };

export function describeApprovalContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: approval contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    /** What the last check saw of each document: its approvers. */
    let seen: Change[][];
    const spy: PublishCheck = ({ changes }) => void seen.push(changes);
    beforeEach(async () => {
      f = factory();
      s = await f.create();
      await importOnFirstStart(s.store);
      seen = [];
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    const edit = async (id: string, description: string, user = 'pat') => {
      const rec = (await s.store.getDocument('screen', id))!;
      const content = { ...((rec.draft?.content ?? rec.published!.content) as object), description };
      return s.store.saveDraft({ kind: 'screen', id, file: rec.file, content }, rec.revision, { user });
    };
    const approvers = (i = -1) => seen.at(i)!.map((c) => [c.id, c.approvedBy]);

    it('keeps an approval of the current ETag, lists it, audits it, and hands it to the publish check', async () => {
      const rec = await edit('not-found', 'reviewed');
      const a = await s.store.approve(
        { kind: 'screen', id: 'not-found', etag: rec.etag, version: null },
        { user: 'paula' },
      );
      expect(a).toEqual({
        kind: 'screen',
        id: 'not-found',
        etag: rec.etag,
        version: null,
        approver: 'paula',
        at: expect.any(String),
      });
      // Twice is one approval.
      await s.store.approve({ kind: 'screen', id: 'not-found', etag: rec.etag, version: null }, { user: 'paula' });
      expect(await s.store.approvals()).toEqual([a]);
      expect(await s.store.approvals({ kind: 'screen', id: 'not-available' })).toEqual([]);
      const reopened = await f.reopen();
      expect(await reopened.store.approvals({ kind: 'screen', id: 'not-found' })).toEqual([a]);
      await reopened.store.close();
      expect((await s.store.audit({ actor: 'paula', limit: 1 }))[0]).toMatchObject({
        action: 'approve',
        kind: 'screen',
        id: 'not-found',
        version: null,
        note: `approved the draft at ${rec.etag}`,
      });

      await edit('not-available', 'not approved', 'pat');
      await s.store.publish(
        [
          { kind: 'screen', id: 'not-found' },
          { kind: 'screen', id: 'not-available' },
        ],
        { user: 'pat', note: 'both' },
        spy,
      );
      expect(approvers()).toEqual([
        ['not-found', ['paula']],
        ['not-available', []],
      ]);
      expect((await s.store.audit({ id: 'not-found', limit: 1 }))[0]).toMatchObject({
        action: 'publish',
        note: 'both [approved by paula]',
      });
      // The publish changed the document: the approval no longer counts.
      expect(await s.store.approvals()).toEqual([]);
    });

    it('voids an approval once the draft changes, and refuses one of an old ETag (stale, with the current one)', async () => {
      const first = await edit('not-found', 'one');
      await s.store.approve({ kind: 'screen', id: 'not-found', etag: first.etag, version: null }, { user: 'paula' });
      const second = await edit('not-found', 'two');
      expect(await s.store.approvals()).toEqual([]);
      await expect(
        s.store.approve({ kind: 'screen', id: 'not-found', etag: first.etag, version: null }, { user: 'paula' }),
      ).rejects.toMatchObject({
        kind: 'stale',
        details: { currentEtag: second.etag },
      });
      await s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, spy);
      expect(approvers()).toEqual([['not-found', []]]);
    });

    it('approves a rollback to one version only, and refuses what is not there to approve', async () => {
      const pub = (await s.store.getDocument('screen', 'not-found'))!;
      await expect(
        s.store.approve({ kind: 'screen', id: 'not-found', etag: pub.etag, version: null }, { user: 'paula' }),
      ).rejects.toMatchObject({ kind: 'conflict' });
      await expect(
        s.store.approve({ kind: 'screen', id: 'not-found', etag: pub.etag, version: 1 }, { user: 'paula' }),
      ).rejects.toMatchObject({ kind: 'conflict' });
      await expect(
        s.store.approve({ kind: 'screen', id: 'not-found', etag: pub.etag, version: 9 }, { user: 'paula' }),
      ).rejects.toMatchObject({ kind: 'not-found' });
      await expect(
        s.store.approve({ kind: 'screen', id: 'nothing', etag: pub.etag, version: null }, { user: 'paula' }),
      ).rejects.toMatchObject({ kind: 'not-found' });
      await edit('not-found', 'v2');
      await s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'v2' }, spy);
      const now = (await s.store.getDocument('screen', 'not-found'))!;
      const a = await s.store.approve(
        { kind: 'screen', id: 'not-found', etag: now.etag, version: 1 },
        { user: 'paula' },
      );
      expect(a.version).toBe(1);
      expect((await s.store.audit({ actor: 'paula', limit: 1 }))[0]).toMatchObject({
        action: 'approve',
        version: 1,
        note: `approved rolling back to version 1 at ${now.etag}`,
      });
      await s.store.rollback(
        { kind: 'screen', id: 'not-found', version: 1, expectedRevision: now.revision },
        { user: 'pat', reason: 'back' },
        spy,
      );
      expect(approvers()).toEqual([['not-found', ['paula']]]);
    });

    it("carries the draft's approvals into a release's candidate, for widening and completing it", async () => {
      const rec = await edit('not-found', 'candidate');
      await s.store.approve({ kind: 'screen', id: 'not-found', etag: rec.etag, version: null }, { user: 'paula' });
      const r = await s.store.releases.publishRelease(
        [{ kind: 'screen', id: 'not-found' }],
        { user: 'pat', note: 'try', rollout: ROLLOUT },
        spy,
      );
      expect(approvers()).toEqual([['not-found', ['paula']]]);
      await s.store.releases.setReleasePercent(r.id, 50, { user: 'pat' }, spy);
      expect(approvers()).toEqual([['not-found', ['paula']]]);
      await s.store.releases.completeRelease(r.id, { user: 'pat', note: 'done' }, spy);
      expect(approvers()).toEqual([['not-found', ['paula']]]);
    });
  });
}
