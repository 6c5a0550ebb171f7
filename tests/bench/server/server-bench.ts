/**
 * Section 3: the config server under load on loopback, next to a bare node:http server that
 * answers the same bytes (and headers) from memory. Runs alternate config/bare per case so drift
 * on a shared machine hits both sides alike. Both servers run as child processes; autocannon runs here.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { row, type Row } from '../lib/table.js';
import { repoRoot } from '../bundle/build-app.js';

const here = resolve(repoRoot, 'tests/bench/server');
const SKIP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface Target {
  label: string;
  path: string;
}

interface Canned { path: string; headers: Record<string, string>; bodyBase64: string }

async function capture(base: string, path: string): Promise<Canned> {
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`GET ${path} → ${res.status} ${(await res.text()).slice(0, 200)}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!SKIP_HEADERS.has(k)) headers[k] = v;
  });
  if (!headers.etag) throw new Error(`GET ${path} has no ETag`);
  return { path, headers, bodyBase64: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

async function load(url: string, headers: Record<string, string>, expect: number, duration: number) {
  const r = await autocannon({ url, connections: 50, duration, headers });
  const total = Object.values(r.statusCodeStats ?? {}).reduce((a, s) => a + s.count, 0);
  const good = r.statusCodeStats?.[String(expect)]?.count ?? 0;
  if (total === 0 || good / total < 0.99 || r.errors > 0)
    throw new Error(`${url}: expected ${expect}, got ${JSON.stringify(r.statusCodeStats)}, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export async function serverBench(opts: { targets: Target[]; duration: number; staticDir?: string }): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-bench-server-'));
  const cannedFile = join(dataDir, 'canned.json');
  let config: ChildServer | undefined;
  let bare: ChildServer | undefined;
  const rows: Row[] = [];
  try {
    config = await startChildServer(join(here, 'config-server-child.ts'), [dataDir, opts.staticDir ?? '']);
    const canned = await Promise.all(opts.targets.map((t) => capture(config!.url, t.path)));
    writeFileSync(cannedFile, JSON.stringify(canned));
    bare = await startChildServer(join(here, 'bare-server-child.ts'), [cannedFile]);
    const idleRss = config.peakRssMb();

    for (const [i, t] of opts.targets.entries()) {
      for (const mode of [200, 304] as const) {
        const headers: Record<string, string> = mode === 304 ? { 'if-none-match': canned[i].headers.etag } : {};
        const ours = await load(config.url + t.path, headers, mode, opts.duration);
        const ref = await load(bare.url + t.path, headers, mode, opts.duration);
        const name = `${t.label} ${mode}`;
        rows.push(
          row('server', `${name} req/s ours / bare`, ours.rps / ref.rps, 'x', { op: '>=', limit: 0.6 },
            `ours ${Math.round(ours.rps)} req/s, bare ${Math.round(ref.rps)} req/s, ${(Buffer.from(canned[i].bodyBase64, 'base64').length / 1024).toFixed(1)} KB body`),
          row('server', `${name} p50`, ours.p50, 'ms', undefined, `bare ${ref.p50} ms`),
          row('server', `${name} p99`, ours.p99, 'ms', { op: '<=', limit: 10 }, `bare ${ref.p99} ms`),
        );
      }
    }
    rows.push(row('server', 'config server peak RSS', config.peakRssMb(), 'MB', { op: '<=', limit: 150 },
      `after start ${idleRss?.toFixed(1)} MB; bare server ${bare.peakRssMb()?.toFixed(1)} MB`));
  } finally {
    await bare?.stop();
    await config?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
