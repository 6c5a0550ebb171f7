/**
 * A temp data dir whose store holds the default documents plus the bench-only screens (the list at `/benchList`,
 * screen A at `/benchScreenA` with its one backend call `benchScreenA` in the API map, answered by
 * render-server-child.ts), published through the store's own import (with the server's whole-state check), so the
 * real server serves them exactly like any published screen. screens/ is never touched.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SqliteStore } from '../../../config-server/store/sqlite-store.js';
import { validStateCheck } from '../../../config-server/validation/publish-checks.js';
import type { NewDocument } from '../../../config-server/store/config-store.js';
import { defaultDocuments } from '../lib/default-documents.js';
import { repoRoot } from '../bundle/build-app.js';

export const BENCH_LIST_PATH = '/benchList';
export const BENCH_SCREEN_A_PATH = '/benchScreenA';

const BENCH_SCREENS = [
  {
    file: 'tests/bench/fixtures/bench-list-200.json',
    path: BENCH_LIST_PATH,
    description: 'Bench only: 200-item list.',
  },
  {
    file: 'tests/bench/fixtures/bench-screen-a.json',
    path: BENCH_SCREEN_A_PATH,
    description: 'Bench only: screen A.',
  },
];

/** Screen A's one call (render-server-child.ts answers it under the sandbox's base URL); a read the server may make. */
const SCREEN_A_ENDPOINT = {
  method: 'POST',
  path: '/bench/screen-a',
  encoding: 'form',
  successCode: 0,
  onFailure: 'toast',
  firstCall: { by: 'server', why: 'Bench only: a read the server may make, as on the real borrower screens.' },
  description: 'Bench only: order card, 8 problem types and the complaint history in one answer.',
};

export async function prepareDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-bench-render-'));
  const screens = BENCH_SCREENS.map((s) => ({
    ...s,
    doc: JSON.parse(readFileSync(resolve(repoRoot, s.file), 'utf8')) as { id: string },
  }));
  const docs: NewDocument[] = defaultDocuments().map((d) => {
    if (d.kind === 'api-map') {
      const map = d.content as { endpoints: Record<string, unknown> };
      return { ...d, content: { ...map, endpoints: { ...map.endpoints, benchScreenA: SCREEN_A_ENDPOINT } } };
    }
    if (d.kind !== 'route-map') return d;
    const map = d.content as { routes: { path: string; screen: string; description?: string }[] };
    const routes = [
      ...screens.map((s) => ({ path: s.path, screen: s.doc.id, description: s.description })),
      ...map.routes,
    ];
    return { ...d, content: { ...map, routes } };
  });
  for (const s of screens) docs.push({ kind: 'screen', id: s.doc.id, file: s.file, content: s.doc });
  const store = new SqliteStore(dataDir);
  try {
    await store.importPublished(docs, { user: 'bench' }, validStateCheck);
  } finally {
    await store.close();
  }
  return dataDir;
}

/** Gives the sandbox session `token` a first complaints tab of exactly `count` items. */
export async function seedComplaints(baseUrl: string, token: string, count: number): Promise<string> {
  const q = `market=ID&token=${encodeURIComponent(token)}`;
  const post = async (path: string, body: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}/sandbox${path}?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    const env = (await res.json()) as { code: unknown; message: string; data: unknown };
    if (env.code !== 0 && env.code !== '00') throw new Error(`sandbox ${path}: ${env.code} ${env.message}`);
    return env.data;
  };
  const tabs = () => post('/user-problem/problem-list') as Promise<{ list: { content: string }[] }[]>;
  let have = (await tabs())[0].list.length;
  for (let n = have + 1; n <= count; n++) {
    await post('/user-problem/problem-save', {
      problemType: '2',
      problemDetail: `bench complaint ${String(n).padStart(3, '0')}`,
      orderNo: 'SB1003',
      problemImage: '',
    });
  }
  const list = (await tabs())[0].list;
  if (list.length !== count) throw new Error(`sandbox list has ${list.length} items, wanted ${count}`);
  // The oldest item is drawn last: once its text is on the page, the whole list is.
  return list[list.length - 1].content;
}
