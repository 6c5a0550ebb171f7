/**
 * The documents behaviour every ConfigStore must have (import, drafts, publish, rollback, audit, config:import), as
 * one vitest suite that sqlite-store.test.ts and pg-store.test.ts run against their store. Not imported by production
 * code. Users and sessions are auth-contract.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/http-error.js';
import { validStateCheck } from '../../validation/publish-checks.js';
import { screensDir } from '../../validation/validate-documents.js';
import { importChangedAsDrafts, importOnFirstStart } from '../repo-documents.js';
import type { OpenedStore, StoreFactory } from './store-factory.js';

const desc = (content: unknown) => (content as { description?: string }).description;

export function describeStoreContract(name: string, factory: () => StoreFactory) {
  describe(`${name}: store contract`, () => {
    let f: StoreFactory;
    let s: OpenedStore;
    let dir: string;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sdui-contract-'));
      f = factory();
      s = await f.create();
    });
    afterEach(async () => {
      await s.store.close();
      await f.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    /** A private copy of screens/ to edit. */
    const copyScreens = () => {
      const copy = join(dir, 'repo', 'screens');
      cpSync(screensDir, copy, { recursive: true });
      return copy;
    };
    const edit = async (kind: string, id: string, description: string, user: string) => {
      const rec = (await s.store.getDocument(kind, id))!;
      const content = { ...((rec.draft?.content ?? rec.published!.content) as object), description };
      return s.store.saveDraft({ kind, id, file: rec.file, content }, rec.revision, { user });
    };

    it('imports the repository once on first start', async () => {
      expect(await s.store.isEmpty()).toBe(true);
      const n = await importOnFirstStart(s.store);
      expect(n).toBeGreaterThan(10);
      expect(await importOnFirstStart(s.store)).toBe(0);
      const published = await s.store.listPublished();
      expect(published).toHaveLength(n);
      expect(published.every((v) => v.version === 1 && v.file.startsWith('screens/'))).toBe(true);
      expect(await s.store.generation()).toBe(1);
    });

    it('refuses an invalid repository on first start, naming file and pointer, and imports nothing', async () => {
      const copy = copyScreens();
      const file = join(copy, 'pages', 'not-found.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.title = 'no.such.textKey';
      writeFileSync(file, JSON.stringify(doc));
      await expect(importOnFirstStart(s.store, copy)).rejects.toThrow(/screens\/pages\/not-found\.json#\/title/);
      expect(await s.store.isEmpty()).toBe(true);
      expect(await s.store.audit()).toEqual([]);
    });

    it('keeps published versions and the audit log append-only, even against direct SQL', async () => {
      await importOnFirstStart(s.store);
      await expect(s.raw("UPDATE versions SET content = '{}'")).rejects.toThrow(/immutable/);
      await expect(s.raw('DELETE FROM versions')).rejects.toThrow(/immutable/);
      await expect(s.raw("UPDATE audit SET actor = 'x'")).rejects.toThrow(/append-only/);
      await expect(s.raw('DELETE FROM audit')).rejects.toThrow(/append-only/);
      expect((await s.store.listPublished()).length).toBeGreaterThan(10);
    });

    it('persists drafts and versions across reopening', async () => {
      await importOnFirstStart(s.store);
      await edit('screen', 'not-found', 'x', 'ed');
      await s.store.close();
      s = await f.reopen();
      const again = (await s.store.getDocument('screen', 'not-found'))!;
      expect(again.draft).toMatchObject({ updatedBy: 'ed', editors: ['ed'], baseVersion: 1 });
      expect(desc(again.draft!.content)).toBe('x');
    });

    it('saves a draft only against the current revision: stale → 412 with the current ETag; creating an existing one → 412', async () => {
      await importOnFirstStart(s.store);
      const rec = (await s.store.getDocument('screen', 'not-found'))!;
      const saved = await edit('screen', 'not-found', 'one', 'ed');
      expect(saved.revision).toBe(rec.revision + 1);
      expect(saved.etag).not.toBe(rec.etag);
      const stale = s.store.saveDraft(
        { kind: 'screen', id: 'not-found', file: rec.file, content: rec.published!.content },
        rec.revision,
        { user: 'eve' },
      );
      await expect(stale).rejects.toMatchObject({ kind: 'stale', details: { currentEtag: saved.etag } });
      await expect(
        s.store.saveDraft({ kind: 'screen', id: 'not-found', file: rec.file, content: {} }, null, { user: 'eve' }),
      ).rejects.toMatchObject({ kind: 'stale' });
    });

    it('of parallel saves with the same revision exactly one wins', async () => {
      await importOnFirstStart(s.store);
      const rec = (await s.store.getDocument('screen', 'not-found'))!;
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          s.store.saveDraft(
            {
              kind: 'screen',
              id: 'not-found',
              file: rec.file,
              content: { ...(rec.published!.content as object), description: `v${i}` },
            },
            rec.revision,
            { user: `u${i}` },
          ),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .every((r) => (r as PromiseRejectedResult).reason.kind === 'stale'),
      ).toBe(true);
    });

    it('publishes a change set as new versions, bumps the generation once, audits each, and rolls back as a new version', async () => {
      await importOnFirstStart(s.store);
      await edit('screen', 'not-found', 'published once', 'ed');
      await edit('screen', 'not-available', 'published too', 'eve');
      const gen = await s.store.generation();
      const versions = await s.store.publish(
        [
          { kind: 'screen', id: 'not-found' },
          { kind: 'screen', id: 'not-available' },
        ],
        { user: 'pat', note: 'two' },
        validStateCheck,
      );
      expect(versions.map((v) => v.version)).toEqual([2, 2]);
      expect(await s.store.generation()).toBe(gen + 1);
      const nf = (await s.store.getDocument('screen', 'not-found'))!;
      expect(nf.draft).toBeNull();
      expect(nf.published).toMatchObject({ version: 2, createdBy: 'pat', note: 'two' });
      expect((await s.store.history('screen', 'not-found')).map((v) => v.version)).toEqual([2, 1]);
      const audit = await s.store.audit({ actor: 'pat' });
      expect(audit.map((a) => [a.action, a.id, a.version])).toEqual([
        ['publish', 'not-available', 2],
        ['publish', 'not-found', 2],
      ]);
      expect(audit[1].diff).toEqual([expect.objectContaining({ path: '/description', value: 'published once' })]);

      const back = await s.store.rollback(
        { kind: 'screen', id: 'not-found', version: 1, expectedRevision: nf.revision },
        { user: 'pat', reason: 'oops' },
        validStateCheck,
      );
      expect(back).toMatchObject({ version: 3, restoredFrom: 1 });
      expect((await s.store.getVersion('screen', 'not-found', 3))!.hash).toBe(
        (await s.store.getVersion('screen', 'not-found', 1))!.hash,
      );
      expect(await s.store.generation()).toBe(gen + 2);
      expect((await s.store.audit({ id: 'not-found', limit: 1 }))[0]).toMatchObject({
        action: 'rollback',
        note: 'oops',
        version: 3,
      });
    });

    it('filters the audit by time range (since inclusive, until exclusive)', async () => {
      await importOnFirstStart(s.store);
      await edit('screen', 'not-found', 'timed', 'ed');
      const [entry] = await s.store.audit({ actor: 'ed', limit: 1 });
      const later = new Date(Date.parse(entry.at) + 1).toISOString();
      expect((await s.store.audit({ actor: 'ed', since: entry.at })).map((a) => a.seq)).toEqual([entry.seq]);
      expect((await s.store.audit({ actor: 'ed', until: later })).map((a) => a.seq)).toEqual([entry.seq]);
      expect(await s.store.audit({ actor: 'ed', since: later })).toEqual([]);
      expect(await s.store.audit({ actor: 'ed', until: entry.at })).toEqual([]);
    });

    it('writes nothing when the publish check refuses the change set', async () => {
      await importOnFirstStart(s.store);
      await edit('screen', 'not-found', 'a', 'ed');
      const gen = await s.store.generation();
      const auditBefore = await s.store.audit({ limit: 1000 });
      const refuse = () => {
        throw new HttpError(422, 'no');
      };
      await expect(
        s.store.publish([{ kind: 'screen', id: 'not-found' }], { user: 'pat', note: 'x' }, refuse),
      ).rejects.toMatchObject({ status: 422 });
      expect(await s.store.generation()).toBe(gen);
      expect(await s.store.audit({ limit: 1000 })).toEqual(auditBefore);
      const rec = (await s.store.getDocument('screen', 'not-found'))!;
      expect(rec.published!.version).toBe(1);
      expect(desc(rec.draft!.content)).toBe('a');
      await expect(
        s.store.publish([{ kind: 'screen', id: 'not-available' }], { user: 'pat', note: 'x' }, validStateCheck),
      ).rejects.toMatchObject({ kind: 'conflict' });
    });

    it('creates and discards a never-published document', async () => {
      await importOnFirstStart(s.store);
      const nf = (await s.store.getDocument('screen', 'not-found'))!;
      const created = await s.store.saveDraft(
        {
          kind: 'screen',
          id: 'brand-new',
          file: 'screens/pages/brand-new.json',
          content: { ...(nf.published!.content as object), id: 'brand-new' },
        },
        null,
        { user: 'ed' },
      );
      expect(created).toMatchObject({ revision: 1, published: null, draft: { baseVersion: null, editors: ['ed'] } });
      const gone = await s.store.discardDraft({ kind: 'screen', id: 'brand-new' }, created.revision, { user: 'ed' });
      expect(gone.etag).toBe('""');
      expect(await s.store.getDocument('screen', 'brand-new')).toBeUndefined();
      expect((await s.store.audit({ id: 'brand-new' })).map((a) => a.action)).toEqual(['draft.discard', 'draft.save']);
    });

    it("turns changed repository documents into drafts and leaves a colleague's draft alone (config:import)", async () => {
      const copy = copyScreens();
      await importOnFirstStart(s.store, copy);
      for (const f of ['not-found', 'not-available']) {
        const file = join(copy, 'pages', `${f}.json`);
        const doc = JSON.parse(readFileSync(file, 'utf8'));
        doc.description = 'changed in the repo';
        writeFileSync(file, JSON.stringify(doc, null, 2));
      }
      await edit('screen', 'not-available', 'ops edit', 'ana');
      const report = await importChangedAsDrafts(s.store, { dir: copy });
      expect(report.updated).toEqual(['screens/pages/not-found.json']);
      expect(report.skipped[0]).toMatch(/not-available.*ana/);
      expect(desc((await s.store.getDocument('screen', 'not-found'))!.draft!.content)).toBe('changed in the repo');
      expect(desc((await s.store.getDocument('screen', 'not-available'))!.draft!.content)).toBe('ops edit');
      expect((await s.store.getDocument('screen', 'not-found'))!.published!.version).toBe(1);
      const forced = await importChangedAsDrafts(s.store, { dir: copy, force: true });
      expect(forced.updated).toEqual(['screens/pages/not-available.json']);
      expect(forced.unchanged).toContain('screens/pages/not-found.json');
    });

    it('reports documents with schema errors instead of saving them (config:import)', async () => {
      const copy = copyScreens();
      await importOnFirstStart(s.store, copy);
      const nf = join(copy, 'pages', 'not-found.json');
      const doc = JSON.parse(readFileSync(nf, 'utf8'));
      doc.schemaVersion = 7;
      writeFileSync(nf, JSON.stringify(doc));
      const report = await importChangedAsDrafts(s.store, { dir: copy });
      expect(report.invalid).toEqual([
        { file: 'screens/pages/not-found.json', errors: [expect.objectContaining({ instancePath: '/schemaVersion' })] },
      ]);
      expect((await s.store.getDocument('screen', 'not-found'))!.draft).toBeNull();
    });
  });
}
