/**
 * What drawing pages on the server costs: page requests/s of the same borrower screen with server render
 * (its first call prefetched) against the same server with `SSR=off` (the HTML shell plus inlined boot data,
 * as before). Budget ≥ 0.5. The backend is another service in production, so its own work is not the
 * rendering server's cost: in the budget row the sandbox's answer to the call (recorded from the sandbox)
 * is replayed by a bare node:http backend in its own process on the load generator's core. INFO row: the same
 * with a new borrower per request. Servers pinned and rounds paired as in server-bench, four times server-bench's
 * rounds at half the length (per-round ratios here spread ±10-20 %); each ratio is the median of the per-round ratios.
 * `BENCH_SSR_SANDBOX=1` adds three INFO rows with the live sandbox as the backend, in its own process (it then
 * shares the load generator's core and bounds the rate) or inside the server under test (the default
 * documents' `/sandbox`: the server answers its own call on its own core). They measure how this 2-core box
 * schedules the sandbox, not the render: two runs of the same code differed by 16-27 % (runs K/L, M/N).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { canPin, helperPrefix, pinSelf, serverPrefix } from '../lib/cpu-pinning.js';
import { defaultDocuments } from '../lib/default-documents.js';
import { median, row, type Row } from '../lib/table.js';
import { SqliteStore } from '../../../config-server/store/sqlite-store.js';
import { validStateCheck } from '../../../config-server/publish-checks.js';
import { load } from './server-bench.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
const bare = resolve(repoRoot, 'tests/bench/server/bare-server-child.ts');
/** The call complaint entry's onLoad makes first (the API map's problemInit), as the server sends it. */
const CALL = '/sandbox/user-problem/problem-init';
const PAGE = '/complaint?market=ID&deviceId=bench-device&version=1.0.0&type=1&token=bench-ssr';
/** Every request another borrower (a new token, so a new sandbox session and a page drawn afresh). */
const EACH_NEW = PAGE + '-[<id>]';
const WARMUP_S = 3;

/** A data dir whose published API map points at `backend` (the default documents otherwise). */
async function dataDirCalling(dir: string, backend: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const docs = defaultDocuments().map((d) =>
    d.kind === 'api-map' ? { ...d, content: { ...(d.content as object), baseUrl: `${backend}/sandbox` } } : d,
  );
  const store = new SqliteStore(dir);
  try {
    if (!(await store.importPublished(docs, { user: 'bench' }, validStateCheck))) throw new Error('the bench API map did not publish');
  } finally {
    await store.close();
  }
  return dir;
}

interface Pair {
  on: ChildServer;
  off: ChildServer;
}

/** Paired rounds: on/off, then off/on, ...; the median of the per-round ratios and each side's median req/s. */
async function rounds(pair: Pair, path: string, opts: { duration: number; rounds: number; log: (s: string) => void }, unique = false) {
  // Warmed on the very path measured: with a new borrower per request the code that draws a page afresh was
  // cold in the first rounds, which ran up to 15 % slower than the later ones.
  await load(pair.on.url + path, {}, 200, WARMUP_S, unique);
  await load(pair.off.url + path, {}, 200, WARMUP_S, unique);
  const on: number[] = [];
  const off: number[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    for (const who of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      (who === 'on' ? on : off).push((await load(pair[who].url + path, {}, 200, opts.duration, unique)).rps);
    }
    // Per round on stderr, as the render rows log per run: a ratio that moves between runs is then traced to its rounds.
    opts.log(`  ssr ${unique ? 'new borrower' : 'one borrower'} round ${r + 1}/${opts.rounds}: on ${on[r].toFixed(0)}, off ${off[r].toFixed(0)} req/s (${(on[r] / off[r]).toFixed(3)})`);
  }
  return { ratio: median(on.map((x, i) => x / off[i])), on: Math.round(median(on)), off: Math.round(median(off)) };
}

async function checkDrawn(url: string) {
  const drawn = await (await fetch(url + PAGE)).text();
  if (!drawn.includes('id="sdui-ssr"')) throw new Error('the server-rendered page carries no prefetched data: the row would measure something else');
}

export async function ssrBench(opts: { duration: number; rounds: number; staticDir: string; log: (s: string) => void }): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-ssr-'));
  const started: ChildServer[] = [];
  const start = async (args: string[], env: NodeJS.ProcessEnv, prefix: string[], script = child) => {
    const s = await startChildServer(script, args, env, prefix);
    started.push(s);
    return s;
  };
  // Per-round ratios spread ±10-20 % within one run (0.125-0.184 with a new borrower each request), so the median
  // needs many rounds: four times server-bench's, each half as long (the same time as twice the rounds at full length).
  const measured = { duration: Math.max(3, Math.round(opts.duration / 2)), rounds: opts.rounds * 4, log: opts.log };
  const note = `median of ${measured.rounds} paired rounds × ${measured.duration} s; ${canPin ? 'servers pinned' : 'cores not pinned'}`;
  const withSandbox = process.env.BENCH_SSR_SANDBOX === '1';
  try {
    // The live sandbox alone in its own process (the load generator's core, never the server's).
    const sandbox = await start([join(dir, 'backend'), ''], {}, helperPrefix());
    // Its answer to the page's first call, replayed by a bare backend.
    const answer = await fetch(sandbox.url + CALL + PAGE.slice(PAGE.indexOf('?')), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok || !/"code":\s*"?0/.test(body.toString())) throw new Error(`the sandbox did not answer ${CALL}: ${answer.status}`);
    writeFileSync(join(dir, 'canned.json'), JSON.stringify([{ path: CALL, headers: { 'content-type': 'application/json; charset=utf-8' }, bodyBase64: body.toString('base64') }]));
    const canned = await start([join(dir, 'canned.json')], {}, helperPrefix(), bare);
    const pairCalling = async (name: string, backend: string): Promise<Pair> => ({
      on: await start([await dataDirCalling(join(dir, `${name}-on`), backend), opts.staticDir], { SSR: 'on', SSR_BACKEND_ORIGINS: backend }, serverPrefix()),
      off: await start([await dataDirCalling(join(dir, `${name}-off`), backend), opts.staticDir], { SSR: 'off', SSR_BACKEND_ORIGINS: backend }, serverPrefix()),
    });
    const apart = await pairCalling('canned', canned.url);
    await checkDrawn(apart.on.url);
    const unpin = pinSelf();
    try {
      const a = await rounds(apart, PAGE, measured);
      const aNew = await rounds(apart, EACH_NEW, measured, true);
      const rows = [
        row('server', 'page req/s with server render + prefetch / without (complaint entry)', a.ratio, 'x', { op: '>=', limit: 0.5 },
          `one borrower reloading (the drawn page is reused while the answer is unchanged); the sandbox's answer replayed by a bare backend in its own process; medians ${a.on} vs ${a.off} req/s; ${note}`),
        row('server', 'the same, every request a new borrower', aNew.ratio, 'x', undefined,
          `every page drawn afresh (a new token each time); medians ${aNew.on} vs ${aNew.off} req/s; ${note}`),
      ];
      if (!withSandbox) return rows;
      const live = await pairCalling('live', sandbox.url);
      // The sandbox inside the server under test (the default documents' `/sandbox`).
      const together: Pair = {
        on: await start([join(dir, 'on-self'), opts.staticDir], { SSR: 'on' }, serverPrefix()),
        off: await start([join(dir, 'off-self'), opts.staticDir], { SSR: 'off' }, serverPrefix()),
      };
      for (const pair of [live, together]) await checkDrawn(pair.on.url);
      const l = await rounds(live, PAGE, measured);
      const t = await rounds(together, PAGE, measured);
      const tNew = await rounds(together, EACH_NEW, measured, true);
      return [
        ...rows,
        row('server', 'the same, live sandbox in its own process, one borrower reloading', l.ratio, 'x', undefined,
          `the sandbox shares the load generator's core: it bounds the rate; medians ${l.on} vs ${l.off} req/s; ${note}`),
        row('server', 'the same, sandbox inside the server under test, one borrower reloading', t.ratio, 'x', undefined,
          `the server also answers its own call (/sandbox); medians ${t.on} vs ${t.off} req/s; ${note}`),
        row('server', 'the same, sandbox inside, every request a new borrower', tNew.ratio, 'x', undefined,
          `every page drawn afresh, and a new sandbox session; medians ${tNew.on} vs ${tNew.off} req/s; ${note}`),
      ];
    } finally {
      unpin();
    }
  } finally {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
