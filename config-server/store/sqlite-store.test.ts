import { mkdtempSync, rmSync, cpSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screensDir } from '../validation/validate-documents.js';
import { importChangedAsDrafts, importOnFirstStart } from './repo-documents.js';
import { SqliteStore } from './sqlite-store.js';

let dir: string;
let store: SqliteStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sdui-store-'));
  store = new SqliteStore(join(dir, 'data'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A private copy of screens/ to edit. */
function copyScreens() {
  const copy = join(dir, 'repo', 'screens');
  cpSync(screensDir, copy, { recursive: true });
  return copy;
}

describe('SqliteStore', () => {
  it('imports the repository once on first start, in WAL mode', () => {
    const n = importOnFirstStart(store);
    expect(n).toBeGreaterThan(10);
    expect(importOnFirstStart(store)).toBe(0);
    expect(store.listPublished().every((v) => v.version === 1 && v.file.startsWith('screens/'))).toBe(true);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('refuses an invalid repository on first start, naming file and pointer, and imports nothing', () => {
    const copy = copyScreens();
    const file = join(copy, 'pages', 'not-found.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.title = 'no.such.textKey';
    writeFileSync(file, JSON.stringify(doc));
    expect(() => importOnFirstStart(store, copy)).toThrow(/screens\/pages\/not-found\.json#\/title/);
    expect(store.isEmpty()).toBe(true);
  });

  it('keeps published versions and the audit log append-only, even against direct SQL', () => {
    importOnFirstStart(store);
    expect(() => store.db.prepare("UPDATE versions SET content = '{}'").run()).toThrow(/immutable/);
    expect(() => store.db.prepare('DELETE FROM versions').run()).toThrow(/immutable/);
    expect(() => store.db.prepare("UPDATE audit SET actor = 'x'").run()).toThrow(/append-only/);
    expect(() => store.db.prepare('DELETE FROM audit').run()).toThrow(/append-only/);
  });

  it('persists drafts and versions across reopening the file', () => {
    importOnFirstStart(store);
    const rec = store.getDocument('screen', 'not-found')!;
    store.saveDraft({ kind: 'screen', id: 'not-found', file: rec.file, content: { ...(rec.published!.content as object), description: 'x' } }, rec.revision, { user: 'ed' });
    store.close();
    store = new SqliteStore(join(dir, 'data'));
    const again = store.getDocument('screen', 'not-found')!;
    expect(again.draft).toMatchObject({ updatedBy: 'ed', editors: ['ed'], baseVersion: 1 });
    expect((again.draft!.content as { description: string }).description).toBe('x');
  });
});

describe('config:import', () => {
  it('turns changed repository documents into drafts and leaves a colleague\'s draft alone', () => {
    const copy = copyScreens();
    importOnFirstStart(store, copy);
    const nf = join(copy, 'pages', 'not-found.json');
    const na = join(copy, 'pages', 'not-available.json');
    for (const f of [nf, na]) {
      const doc = JSON.parse(readFileSync(f, 'utf8'));
      doc.description = 'changed in the repo';
      writeFileSync(f, JSON.stringify(doc, null, 2));
    }
    const rec = store.getDocument('screen', 'not-available')!;
    store.saveDraft({ kind: 'screen', id: 'not-available', file: rec.file, content: { ...(rec.published!.content as object), description: 'ops edit' } }, rec.revision, { user: 'ana' });

    const report = importChangedAsDrafts(store, { dir: copy });
    expect(report.updated).toEqual(['screens/pages/not-found.json']);
    expect(report.skipped[0]).toMatch(/not-available.*ana/);
    expect(report.invalid).toEqual([]);
    expect((store.getDocument('screen', 'not-found')!.draft!.content as { description: string }).description).toBe('changed in the repo');
    expect((store.getDocument('screen', 'not-available')!.draft!.content as { description: string }).description).toBe('ops edit');
    // Nothing is published by an import.
    expect(store.getDocument('screen', 'not-found')!.published!.version).toBe(1);

    const forced = importChangedAsDrafts(store, { dir: copy, force: true });
    expect(forced.updated).toEqual(['screens/pages/not-available.json']);
    expect(forced.unchanged).toContain('screens/pages/not-found.json');
  });

  it('reports documents with schema errors instead of saving them', () => {
    const copy = copyScreens();
    importOnFirstStart(store, copy);
    const nf = join(copy, 'pages', 'not-found.json');
    const doc = JSON.parse(readFileSync(nf, 'utf8'));
    doc.schemaVersion = 7;
    writeFileSync(nf, JSON.stringify(doc));
    const report = importChangedAsDrafts(store, { dir: copy });
    expect(report.invalid).toEqual([{ file: 'screens/pages/not-found.json', errors: [expect.objectContaining({ instancePath: '/schemaVersion' })] }]);
    expect(store.getDocument('screen', 'not-found')!.draft).toBeNull();
  });
});
