import { mkdtempSync, rmSync } from 'node:fs';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from '../http/error-middleware.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { previewRouter } from './preview-routes.js';

const market = { kind: 'market', id: 'ID', schemaVersion: 1, textSet: 'id-ID' };
const texts = (label: string) => ({
  kind: 'text-set',
  id: 'id-ID',
  schemaVersion: 1,
  locale: 'id-ID',
  texts: { 'complaint.myComplaints': label },
});
const screen = (key: string) => ({
  kind: 'screen',
  id: 'complaint-entry',
  schemaVersion: 1,
  title: 't',
  body: [{ type: 'text', key }],
});

let dir: string;
let store: SqliteStore;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'preview-'));
  store = new SqliteStore(dir);
  await store.importPublished(
    [
      { kind: 'market', id: 'ID', file: 'markets/ID.json', content: market },
      { kind: 'text-set', id: 'id-ID', file: 'texts/id-ID.json', content: texts('Keluhan saya') },
      { kind: 'screen', id: 'complaint-entry', file: 'pages/complaint-entry.json', content: screen('a') },
    ],
    { user: 'test' },
    () => {},
  );
  const app = express();
  app.use('/admin/api', previewRouter(store));
  app.use(errorMiddleware(() => {}));
  await new Promise<void>((ok) => {
    server = app.listen(0, '127.0.0.1', () => ok());
  });
  const addr = server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}/admin/api/preview`;
});

afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('admin preview routes', () => {
  it('serves the published state while there is no draft, never cacheable', async () => {
    const res = await fetch(`${base}/bundle?market=ID`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.textSet.texts['complaint.myComplaints']).toBe('Keluhan saya');
  });

  it('lays saved drafts over the published state, leaving the published state alone', async () => {
    const rec = (await store.getDocument('text-set', 'id-ID'))!;
    await store.saveDraft(
      { kind: 'text-set', id: 'id-ID', file: rec.file, content: texts('Keluhan DRAFT') },
      rec.revision,
      { user: 'ed' },
    );
    const s = (await store.getDocument('screen', 'complaint-entry'))!;
    await store.saveDraft({ kind: 'screen', id: 'complaint-entry', file: s.file, content: screen('b') }, s.revision, {
      user: 'ed',
    });

    const bundle = await (await fetch(`${base}/bundle?market=ID`)).json();
    expect(bundle.textSet.texts['complaint.myComplaints']).toBe('Keluhan DRAFT');
    const doc = await (await fetch(`${base}/screens/complaint-entry`)).json();
    expect(doc.body[0].key).toBe('b');
    expect(
      ((await store.getDocument('text-set', 'id-ID'))!.published!.content as ReturnType<typeof texts>).texts[
        'complaint.myComplaints'
      ],
    ).toBe('Keluhan saya');
  });

  it('answers unknown screens and markets with JSON errors', async () => {
    const res = await fetch(`${base}/screens/nope`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toMatch(/nope/);
    expect((await fetch(`${base}/bundle?market=XX`)).status).toBe(400);
  });
});
