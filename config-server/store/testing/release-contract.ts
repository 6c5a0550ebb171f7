/**
 * The release behaviour every ConfigStore must have, as one vitest suite that sqlite-store.test.ts and
 * pg-store.test.ts run against their store. Not imported by production code.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.js';
import { validStateCheck } from '../../validation/publish-checks.js';
import type { NewRelease } from '../release-records.js';
import { importOnFirstStart } from '../repo-documents.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';

const desc = (content: unknown) => (content as { description?: string }).description;
const ROLLOUT: NewRelease = { percent: 10, audience: {}, startAt: null, endAt: null, guard: false };
const ok = () => undefined;

export function describeReleaseContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: release contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    beforeEach(async () => {
      f = factory();
      s = await f.create();
      await importOnFirstStart(s.store);
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
    });

    const edit = async (kind: string, id: string, description: string, user = 'ed') => {
      const rec = (await s.store.getDocument(kind, id))!;
      const content = { ...((rec.draft?.content ?? rec.published!.content) as object), description };
      return s.store.saveDraft({ kind, id, file: rec.file, content }, rec.revision, { user });
    };
    const release = (ids: string[], rollout: Partial<NewRelease> = {}, user = 'pat') =>
      s.store.releases.publishRelease(
        ids.map((id) => ({ kind: 'screen', id })),
        { user, note: 'try it', rollout: { ...ROLLOUT, ...rollout } },
        validStateCheck,
      );

    it('publishes drafts as a release: the draft becomes the candidate, the published version stays the base', async () => {
      await edit('screen', 'not-found', 'candidate copy');
      const gen = await s.store.generation();
      const r = await release(['not-found'], {
        percent: 12.5,
        audience: { markets: ['ID'], platforms: ['android'], minVersion: '2.1' },
        guard: true,
      });
      expect(r).toMatchObject({
        id: expect.stringMatching(/^rel-[0-9a-f]{10}$/),
        seed: expect.stringMatching(/^[0-9a-f]{16}$/),
        status: 'rolling',
        percent: 12.5,
        guard: true,
        audience: { markets: ['ID'], platforms: ['android'], minVersion: '2.1' },
        startAt: null,
        endAt: null,
        note: 'try it',
        createdBy: 'pat',
        documents: [
          {
            kind: 'screen',
            id: 'not-found',
            file: 'screens/pages/not-found.json',
            baseVersion: 1,
            editors: ['ed'],
            hash: expect.any(String),
          },
        ],
      });
      expect(desc(r.documents[0].content)).toBe('candidate copy');
      const rec = (await s.store.getDocument('screen', 'not-found'))!;
      expect(rec.draft).toBeNull();
      expect(rec.published!.version).toBe(1);
      expect(await s.store.generation()).toBe(gen + 1);
      expect(await s.store.releases.getRelease(r.id)).toEqual(r);
      const state = await s.store.releases.servingState();
      expect(state.generation).toBe(gen + 1);
      expect(state.releases.map((x) => x.id)).toEqual([r.id]);
      expect(desc(state.published.find((v) => v.id === 'not-found')!.content)).not.toBe('candidate copy');
      const audit = await s.store.audit({ actor: 'pat' });
      expect(audit.map((a) => [a.action, a.kind, a.id])).toEqual([
        ['release.create', 'release', r.id],
        ['release.candidate', 'screen', 'not-found'],
      ]);
      expect(audit[0].note).toMatch(/rolling, 12.5 %, markets ID, platforms android, version ≥ 2.1, guarded: try it/);
    });

    it('refuses, with 409 naming the release, any other publish or rollback of a document in an open release', async () => {
      await edit('screen', 'not-found', 'candidate');
      const r = await release(['not-found']);
      await edit('screen', 'not-found', 'another edit meanwhile');
      const rec = (await s.store.getDocument('screen', 'not-found'))!;
      const refused = [
        () => s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, validStateCheck),
        () => release(['not-found']),
        () =>
          s.store.rollback(
            { kind: 'screen', id: 'not-found', version: 1, expectedRevision: rec.revision },
            { user: 'pat', reason: 'x' },
            validStateCheck,
          ),
      ];
      for (const p of refused)
        await expect(p()).rejects.toMatchObject({
          kind: 'conflict',
          message: expect.stringContaining(r.id),
          details: { release: r.id },
        });
      // Other documents publish as ever; once the release is over, so does this one.
      await edit('screen', 'not-available', 'elsewhere');
      expect(
        await s.store.publish([{ kind: 'screen', id: 'not-available' }], { user: 'pat', note: 'x' }, validStateCheck),
      ).toHaveLength(1);
      await s.store.releases.rollbackRelease(r.id, { user: 'pat', reason: 'enough' });
      expect(
        (await s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, validStateCheck))[0]
          .version,
      ).toBe(2);
    });

    it('refuses a release of a document without a draft or never published, and writes nothing when the check refuses', async () => {
      await expect(release(['not-found'])).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/no draft/),
      });
      const nf = (await s.store.getDocument('screen', 'not-found'))!;
      await s.store.saveDraft(
        {
          kind: 'screen',
          id: 'brand-new',
          file: 'screens/pages/brand-new.json',
          content: { ...(nf.published!.content as object), id: 'brand-new' },
        },
        null,
        { user: 'ed' },
      );
      await expect(release(['brand-new'])).rejects.toMatchObject({
        kind: 'conflict',
        message: expect.stringMatching(/never published/),
      });
      await edit('screen', 'not-found', 'refused');
      const gen = await s.store.generation();
      const refuse = () => {
        throw new HttpError(422, 'no');
      };
      await expect(
        s.store.releases.publishRelease(
          [{ kind: 'screen', id: 'not-found' }],
          { user: 'pat', note: 'x', rollout: ROLLOUT },
          refuse,
        ),
      ).rejects.toMatchObject({ status: 422 });
      expect(await s.store.generation()).toBe(gen);
      expect(await s.store.releases.listReleases()).toEqual([]);
      expect(desc((await s.store.getDocument('screen', 'not-found'))!.draft!.content)).toBe('refused');
    });

    it('widens, completes (the candidate becomes a normal published version) and refuses to change a closed release', async () => {
      await edit('screen', 'not-found', 'candidate');
      const r = await release(['not-found']);
      const checked: unknown[] = [];
      const widened = await s.store.releases.setReleasePercent(
        r.id,
        25,
        { user: 'paula' },
        (input) => void checked.push(input),
      );
      expect(widened).toMatchObject({ percent: 25, updatedBy: 'paula', status: 'rolling' });
      expect(checked).toEqual([
        expect.objectContaining({
          changes: [expect.objectContaining({ kind: 'screen', id: 'not-found', editors: ['ed'] })],
        }),
      ]);
      // Narrowing is never held up by the check (it only takes borrowers back to the base).
      const refuse = () => {
        throw new HttpError(403, 'four eyes');
      };
      expect(await s.store.releases.setReleasePercent(r.id, 20, { user: 'pat' }, refuse)).toMatchObject({
        percent: 20,
      });
      await expect(s.store.releases.setReleasePercent(r.id, 30, { user: 'pat' }, refuse)).rejects.toMatchObject({
        status: 403,
      });
      const gen = await s.store.generation();
      const done = await s.store.releases.completeRelease(r.id, { user: 'paula', note: 'looks good' }, validStateCheck);
      expect(done.release.status).toBe('complete');
      expect(done.published).toMatchObject([
        { kind: 'screen', id: 'not-found', version: 2, createdBy: 'paula', note: `release ${r.id}: looks good` },
      ]);
      expect(await s.store.generation()).toBe(gen + 1);
      expect(desc((await s.store.getDocument('screen', 'not-found'))!.published!.content)).toBe('candidate');
      expect((await s.store.releases.servingState()).releases).toEqual([]);
      for (const p of [
        () => s.store.releases.setReleasePercent(r.id, 50, { user: 'pat' }, ok),
        () => s.store.releases.completeRelease(r.id, { user: 'pat', note: 'x' }, ok),
        () => s.store.releases.rollbackRelease(r.id, { user: 'pat', reason: 'x' }),
      ])
        await expect(p()).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/is complete/) });
      await expect(s.store.releases.rollbackRelease('rel-nope', { user: 'pat', reason: 'x' })).rejects.toMatchObject({
        kind: 'not-found',
      });
      const actions = (await s.store.audit({ kind: 'release', id: r.id })).map((a) => [a.action, a.actor]);
      expect(actions).toEqual([
        ['release.complete', 'paula'],
        ['release.percent', 'pat'],
        ['release.percent', 'paula'],
        ['release.create', 'pat'],
      ]);
    });

    it('rolls back: everyone back to the base, audited with the reason, the published version untouched', async () => {
      await edit('screen', 'not-found', 'candidate');
      const r = await release(['not-found']);
      const gen = await s.store.generation();
      expect(
        await s.store.releases.rollbackRelease(r.id, {
          user: 'guard',
          reason: 'api failures 46 % candidate vs 0 % base',
        }),
      ).toMatchObject({ status: 'rolled-back', updatedBy: 'guard' });
      expect(await s.store.generation()).toBe(gen + 1);
      expect((await s.store.releases.servingState()).releases).toEqual([]);
      expect((await s.store.getDocument('screen', 'not-found'))!.published!.version).toBe(1);
      expect((await s.store.audit({ kind: 'release', id: r.id, limit: 1 }))[0]).toMatchObject({
        action: 'release.rollback',
        actor: 'guard',
        note: 'api failures 46 % candidate vs 0 % base',
      });
      expect((await s.store.releases.listReleases()).map((x) => [x.id, x.status])).toEqual([[r.id, 'rolled-back']]);
      expect(await s.store.releases.listReleases({ open: true })).toEqual([]);
    });

    it('starts and ends a scheduled release by itself exactly once, however many ask at the same moment', async () => {
      const t0 = Date.now();
      const at = (ms: number) => new Date(t0 + ms).toISOString();
      await edit('screen', 'not-found', 'scheduled');
      const r = await release(['not-found'], { startAt: at(60_000), endAt: at(120_000) });
      expect(r.status).toBe('scheduled');
      // A scheduled release is open: its documents are taken.
      await edit('screen', 'not-found', 'meanwhile');
      await expect(
        s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, validStateCheck),
      ).rejects.toMatchObject({ kind: 'conflict' });
      expect(await s.store.releases.advanceReleases(at(59_999))).toEqual([]);
      const gen = await s.store.generation();
      const starts = await Promise.all(Array.from({ length: 5 }, () => s.store.releases.advanceReleases(at(60_000))));
      expect(starts.flat().map((x) => [x.id, x.status])).toEqual([[r.id, 'rolling']]);
      expect(await s.store.generation()).toBe(gen + 1);
      const ends = await Promise.all(Array.from({ length: 5 }, () => s.store.releases.advanceReleases(at(130_000))));
      expect(ends.flat().map((x) => [x.id, x.status])).toEqual([[r.id, 'ended']]);
      const log = await s.store.audit({ kind: 'release', id: r.id });
      expect(log.map((a) => [a.action, a.actor])).toEqual([
        ['release.end', 'schedule'],
        ['release.start', 'schedule'],
        ['release.create', 'pat'],
      ]);
    });

    it('ends a release whose whole window passed while nobody looked (it never starts)', async () => {
      const t0 = Date.now();
      await edit('screen', 'not-found', 'missed');
      const r = await release(['not-found'], {
        startAt: new Date(t0 + 1000).toISOString(),
        endAt: new Date(t0 + 2000).toISOString(),
      });
      expect((await s.store.releases.advanceReleases(new Date(t0 + 5000).toISOString())).map((x) => x.status)).toEqual([
        'ended',
      ]);
      expect((await s.store.audit({ kind: 'release', id: r.id })).map((a) => a.action)).toEqual([
        'release.end',
        'release.create',
      ]);
    });

    it("keeps a release's candidates immutable, even against direct SQL, and across reopening", async () => {
      await edit('screen', 'not-found', 'kept');
      const r = await release(['not-found']);
      await expect(s.raw("UPDATE release_documents SET content = '{}'")).rejects.toThrow(/immutable/);
      await expect(s.raw('DELETE FROM release_documents')).rejects.toThrow(/immutable/);
      await s.store.close();
      s = await f.reopen();
      expect(await s.store.releases.getRelease(r.id)).toEqual(r);
    });
  });
}
