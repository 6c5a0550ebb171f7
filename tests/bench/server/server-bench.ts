/**
 * Section 3: the config server under load on loopback, next to a bare node:http server that
 * answers the same bytes (and headers) from memory. Each case runs `rounds` times per server,
 * config/bare alternating (A,B then B,A), and the ratio is the median of the per-round ratios:
 * the two runs of a round are back to back, so the slow swings of a shared VM's CPU cancel
 * within a pair (a ratio of medians, or of best rounds, still moved 10-30 % between runs).
 * Both servers run as child processes on one core; autocannon runs here, on another
 * (lib/cpu-pinning.ts).
 */
import autocannon from 'autocannon';
import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { median, row, type Row } from '../lib/table.js';
import { canPin, LOAD_CPU, pinSelf, SERVER_CPU, serverPrefix } from '../lib/cpu-pinning.js';
import { repoRoot } from '../bundle/build-app.js';

const here = resolve(repoRoot, 'tests/bench/server');
const SKIP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** What a borrower's webview sends (over HTTPS): every request of the bench asks for it, so both servers answer compressed bytes. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Unrecorded load before each case, so neither server is measured while its JIT warms up. */
const WARMUP_S = 2;

export interface Target {
  label: string;
  path: string;
}

interface Canned {
  path: string;
  headers: Record<string, string>;
  bodyBase64: string;
}

/** The exact bytes and headers the config server sends for `path` (raw: fetch would decompress them). */
function capture(base: string, path: string): Promise<Canned> {
  return new Promise((resolve, reject) => {
    httpGet(base + path, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200)
          return reject(new Error(`GET ${path} → ${res.statusCode} ${body.toString().slice(0, 200)}`));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (typeof v === 'string' && !SKIP_HEADERS.has(k)) headers[k] = v;
        if (!headers.etag) return reject(new Error(`GET ${path} has no ETag`));
        resolve({ path, headers, bodyBase64: body.toString('base64') });
      });
    }).on('error', reject);
  });
}

/** `unique`: autocannon replaces `[<id>]` in the URL with a new id per request (e.g. a new borrower's token each time). */
export async function load(
  url: string,
  headers: Record<string, string>,
  expect: number,
  duration: number,
  unique = false,
) {
  const r = await autocannon({
    url,
    connections: 50,
    duration,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
    ...(unique ? { idReplacement: true } : {}),
  });
  const total = Object.values(r.statusCodeStats ?? {}).reduce((a, s) => a + s.count, 0);
  const good = r.statusCodeStats?.[String(expect)]?.count ?? 0;
  if (total === 0 || good / total < 0.99 || r.errors > 0)
    throw new Error(`${url}: expected ${expect}, got ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

type Load = Awaited<ReturnType<typeof load>>;
const spread = (xs: number[]) => `${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))}`;

export async function serverBench(opts: {
  targets: Target[];
  duration: number;
  rounds: number;
  staticDir?: string;
}): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-bench-server-'));
  const cannedFile = join(dataDir, 'canned.json');
  let config: ChildServer | undefined;
  let bare: ChildServer | undefined;
  const rows: Row[] = [];
  try {
    config = await startChildServer(
      join(here, 'config-server-child.ts'),
      [dataDir, opts.staticDir ?? ''],
      {},
      serverPrefix(),
    );
    const canned = await Promise.all(opts.targets.map((t) => capture(config!.url, t.path)));
    writeFileSync(cannedFile, JSON.stringify(canned));
    bare = await startChildServer(join(here, 'bare-server-child.ts'), [cannedFile], {}, serverPrefix());
    const idleRss = config.peakRssMb();

    const pinning = canPin
      ? `servers on core ${SERVER_CPU}, load generator on core ${LOAD_CPU}`
      : 'cores not pinned (no taskset)';
    const unpin = pinSelf();
    try {
      for (const [i, t] of opts.targets.entries()) {
        for (const mode of [200, 304] as const) {
          const headers: Record<string, string> = mode === 304 ? { 'if-none-match': canned[i].headers.etag } : {};
          const ours: Load[] = [];
          const ref: Load[] = [];
          await load(config.url + t.path, headers, mode, WARMUP_S);
          await load(bare.url + t.path, headers, mode, WARMUP_S);
          for (let r = 0; r < opts.rounds; r++) {
            for (const who of r % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)) {
              if (who === 'ours') ours.push(await load(config.url + t.path, headers, mode, opts.duration));
              else ref.push(await load(bare.url + t.path, headers, mode, opts.duration));
            }
          }
          const ratio = median(ours.map((x, r) => x.rps / ref[r].rps));
          const [o, b] = [ours, ref].map((xs) => ({
            rps: median(xs.map((x) => x.rps)),
            p50: median(xs.map((x) => x.p50)),
            p99: median(xs.map((x) => x.p99)),
          }));
          const name = `${t.label} ${mode}`;
          const of = `median of ${opts.rounds} paired rounds × ${opts.duration} s`;
          rows.push(
            row(
              'server',
              `${name} req/s ours / bare`,
              ratio,
              'x',
              { op: '>=', limit: 0.6 },
              `medians ours ${Math.round(o.rps)} req/s (${spread(ours.map((x) => x.rps))}), bare ${Math.round(b.rps)} req/s (${spread(ref.map((x) => x.rps))}), ${of}, ${(Buffer.from(canned[i].bodyBase64, 'base64').length / 1024).toFixed(1)} KB ${canned[i].headers['content-encoding'] ?? 'identity'} body; ${pinning}`,
            ),
            row('server', `${name} p50`, o.p50, 'ms', undefined, `bare ${b.p50} ms`),
            row(
              'server',
              `${name} p99`,
              o.p99,
              'ms',
              { op: '<=', limit: 10 },
              `bare ${b.p99} ms; medians of the rounds; ours per round ${ours.map((x) => x.p99).join(', ')} ms`,
            ),
          );
        }
      }
    } finally {
      unpin();
    }
    rows.push(
      row(
        'server',
        'config server peak RSS',
        config.peakRssMb(),
        'MB',
        { op: '<=', limit: 150 },
        `after start ${idleRss?.toFixed(1)} MB; bare server ${bare.peakRssMb()?.toFixed(1)} MB`,
      ),
    );
  } finally {
    await bare?.stop();
    await config?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
