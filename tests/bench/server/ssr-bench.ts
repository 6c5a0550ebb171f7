/**
 * What drawing pages on the server costs: page requests/s of the same borrower screen with server render
 * (its first call prefetched) against the same server with `SSR=off` (the HTML shell plus inlined boot data,
 * as before). Budget ≥ 0.8 (0.5 before the page streamed). The backend is another service in production, so its
 * own work is not the rendering server's cost: in the budget row the sandbox's answer to the call (recorded from the sandbox)
 * is replayed by a bare node:http backend in its own process on the load generator's core. INFO row: the same
 * with a new borrower per request. Servers pinned and rounds paired as in server-bench, four times server-bench's
 * rounds at half the length (per-round ratios here spread ±10-20 %), on four fresh pairs of server processes;
 * each ratio is the median of the per-round ratios.
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
import { validStateCheckWith } from '../../../config-server/validation/state-validation.js';
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
    if (
      !(await store.importPublished(
        docs,
        { user: 'bench' },
        validStateCheckWith({ backendOrigins: [new URL(backend).origin] }),
      ))
    )
      throw new Error('the bench API map did not publish');
  } finally {
    await store.close();
  }
  return dir;
}

interface Pair {
  on: ChildServer;
  off: ChildServer;
}

/** A path measured on every fork of a pair, and what its rounds gathered. */
interface Case {
  path: string;
  unique: boolean;
  on: number[];
  off: number[];
}

const newCase = (path: string, unique = false): Case => ({ path, unique, on: [], off: [] });

/** Paired rounds on one fork: on/off, then off/on, ...; each side's req/s appended to the case. */
async function rounds(
  pair: Pair,
  c: Case,
  opts: { duration: number; rounds: number; log: (s: string) => void },
  fork: string,
) {
  // Warmed on the very path measured: with a new borrower per request the code that draws a page afresh was
  // cold in the first rounds, which ran up to 15 % slower than the later ones.
  await load(pair.on.url + c.path, {}, 200, WARMUP_S, c.unique);
  await load(pair.off.url + c.path, {}, 200, WARMUP_S, c.unique);
  for (let r = 0; r < opts.rounds; r++) {
    for (const who of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      c[who].push((await load(pair[who].url + c.path, {}, 200, opts.duration, c.unique)).rps);
    }
    // Per round on stderr, as the render rows log per run: a ratio that moves between runs is then traced to its rounds.
    const on = c.on.at(-1)!;
    const off = c.off.at(-1)!;
    opts.log(
      `  ssr ${c.unique ? 'new borrower' : 'one borrower'} ${fork} round ${r + 1}/${opts.rounds}: on ${on.toFixed(0)}, off ${off.toFixed(0)} req/s (${(on / off).toFixed(3)})`,
    );
  }
}

/** The median of a case's per-round ratios, and each side's median req/s. */
const summary = (c: Case) => ({
  ratio: median(c.on.map((x, i) => x / c.off[i])),
  on: Math.round(median(c.on)),
  off: Math.round(median(c.off)),
});

/**
 * Fresh server processes per measured stretch, as JMH forks the JVM: one process's JIT and heap settle into a
 * speed of their own, and a pair started once per run carried it into all of the run's rounds (with a new
 * borrower per request, runs Q, R and S gave 0.139, 0.158 and 0.142 while each run's first and last ten
 * rounds agreed within 0.016).
 */
const FORKS = 4;

async function checkDrawn(url: string) {
  const drawn = await (await fetch(url + PAGE)).text();
  if (!drawn.includes('id="sdui-ssr"'))
    throw new Error('the server-rendered page carries no prefetched data: the row would measure something else');
}

export async function ssrBench(opts: {
  duration: number;
  rounds: number;
  staticDir: string;
  log: (s: string) => void;
}): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-ssr-'));
  const started: ChildServer[] = [];
  const start = async (args: string[], env: NodeJS.ProcessEnv, prefix: string[], script = child) => {
    const s = await startChildServer(script, args, env, prefix);
    started.push(s);
    return s;
  };
  const stop = async (s: ChildServer) => {
    started.splice(started.indexOf(s), 1);
    await s.stop();
  };
  // Per-round ratios spread ±10-20 % within one run (0.125-0.184 with a new borrower each request), so the median
  // needs many rounds: four times server-bench's, each half as long, one server-bench's worth per fork.
  const measured = { duration: Math.max(3, Math.round(opts.duration / 2)), rounds: opts.rounds, log: opts.log };
  const note = `median of ${FORKS} × ${measured.rounds} paired rounds × ${measured.duration} s, a fresh pair of server processes for each ${measured.rounds}; ${canPin ? 'servers pinned' : 'cores not pinned'}`;
  /** Every case measured on FORKS fresh pairs of servers, one pair at a time. */
  const forked = async (startPair: () => Promise<Pair>, cases: Case[]) => {
    for (let f = 0; f < FORKS; f++) {
      const pair = await startPair();
      try {
        await checkDrawn(pair.on.url);
        for (const c of cases) await rounds(pair, c, measured, `fork ${f + 1}/${FORKS}`);
      } finally {
        await Promise.all([pair.on, pair.off].map((s) => stop(s)));
      }
    }
    return cases.map(summary);
  };
  const withSandbox = process.env.BENCH_SSR_SANDBOX === '1';
  try {
    // The live sandbox alone in its own process (the load generator's core, never the server's).
    const sandbox = await start([join(dir, 'backend'), ''], {}, helperPrefix());
    // Its answer to the page's first call, replayed by a bare backend.
    const answer = await fetch(sandbox.url + CALL + PAGE.slice(PAGE.indexOf('?')), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    const body = Buffer.from(await answer.arrayBuffer());
    if (!answer.ok || !/"code":\s*"?0/.test(body.toString()))
      throw new Error(`the sandbox did not answer ${CALL}: ${answer.status}`);
    writeFileSync(
      join(dir, 'canned.json'),
      JSON.stringify([
        {
          path: CALL,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          bodyBase64: body.toString('base64'),
        },
      ]),
    );
    const canned = await start([join(dir, 'canned.json')], {}, helperPrefix(), bare);
    /** Starts pairs on data dirs (made once) whose API map calls `backend`; no backend: the server's own `/sandbox`. */
    const pairsOn = async (name: string, backend?: string) => {
      const dirFor = async (ssr: string) =>
        backend ? dataDirCalling(join(dir, `${name}-${ssr}`), backend) : join(dir, `${name}-${ssr}`);
      const dirs = { on: await dirFor('on'), off: await dirFor('off') };
      const env = backend ? { SSR_BACKEND_ORIGINS: backend } : {};
      return async (): Promise<Pair> => ({
        on: await start([dirs.on, opts.staticDir], { SSR: 'on', ...env }, serverPrefix()),
        off: await start([dirs.off, opts.staticDir], { SSR: 'off', ...env }, serverPrefix()),
      });
    };
    const apart = await pairsOn('canned', canned.url);
    const unpin = pinSelf();
    try {
      const [a, aNew] = await forked(apart, [newCase(PAGE), newCase(EACH_NEW, true)]);
      const rows = [
        row(
          'server',
          'page req/s with server render + prefetch / without (complaint entry)',
          a.ratio,
          'x',
          { op: '>=', limit: 0.8 },
          `one borrower reloading (the drawn page is reused while the answer is unchanged); the sandbox's answer replayed by a bare backend in its own process; medians ${a.on} vs ${a.off} req/s; ${note}`,
        ),
        row(
          'server',
          'the same, every request a new borrower',
          aNew.ratio,
          'x',
          undefined,
          `every page drawn afresh (a new token each time); medians ${aNew.on} vs ${aNew.off} req/s; ${note}`,
        ),
      ];
      if (!withSandbox) return rows;
      const [l] = await forked(await pairsOn('live', sandbox.url), [newCase(PAGE)]);
      // The sandbox inside the server under test (the default documents' `/sandbox`).
      const [t, tNew] = await forked(await pairsOn('self'), [newCase(PAGE), newCase(EACH_NEW, true)]);
      return [
        ...rows,
        row(
          'server',
          'the same, live sandbox in its own process, one borrower reloading',
          l.ratio,
          'x',
          undefined,
          `the sandbox shares the load generator's core: it bounds the rate; medians ${l.on} vs ${l.off} req/s; ${note}`,
        ),
        row(
          'server',
          'the same, sandbox inside the server under test, one borrower reloading',
          t.ratio,
          'x',
          undefined,
          `the server also answers its own call (/sandbox); medians ${t.on} vs ${t.off} req/s; ${note}`,
        ),
        row(
          'server',
          'the same, sandbox inside, every request a new borrower',
          tNew.ratio,
          'x',
          undefined,
          `every page drawn afresh, and a new sandbox session; medians ${tNew.on} vs ${tNew.off} req/s; ${note}`,
        ),
      ];
    } finally {
      unpin();
    }
  } finally {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
