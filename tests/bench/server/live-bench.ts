/**
 * What open live streams cost the config API: the boot bundle served by a server holding LIVE_BENCH_STREAMS
 * (10,000) idle borrower streams against the same server without any. The streams are held by the load test's client
 * process (config-server/live/testing/load-clients.mjs) for the whole run, so the heartbeat (every 25 s) and the
 * server's per-connection timeout checks are in the figure. Both servers run as child processes on the server core;
 * the rounds alternate (A,B then B,A) and the ratio is the median of the per-round ratios, as in release-bench.
 * Budget: ≥ 0.9 of the plain server's req/s.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { canPin, LOAD_CPU, pinSelf, serverPrefix } from '../lib/cpu-pinning.js';
import { median, row, type Row } from '../lib/table.js';
import { load } from './server-bench.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
const clients = resolve(repoRoot, 'config-server/live/testing/load-clients.mjs');
const PATH = '/config/v1/bundle?market=ID&deviceId=bench-device&platform=android&version=1.0.0';

/** Opens `n` idle streams on `url`'s server from a process of their own; resolves once every one is open. */
async function holdStreams(url: string, n: number): Promise<ChildProcess> {
  const c = fork(clients, [new URL(url).port, String(n)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // On the load generator's core, off the server's: idle, they only cost it the heartbeat's reads.
  if (canPin) execFileSync('taskset', ['-a', '-cp', LOAD_CPU, String(c.pid)], { stdio: 'ignore' });
  const [m] = (await Promise.race([
    once(c, 'message'),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${n} streams not open within 120 s`)), 120_000)),
  ])) as [{ connected: number; failed: number; reasons: object }];
  if (m.connected !== n) {
    c.kill('SIGKILL');
    throw new Error(`${m.connected} of ${n} streams opened: ${JSON.stringify(m.reasons)}`);
  }
  return c;
}

export async function liveBench(opts: { duration: number; rounds: number; streams: number }): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-live-'));
  let plain: ChildServer | undefined;
  let streamed: ChildServer | undefined;
  let held: ChildProcess | undefined;
  try {
    plain = await startChildServer(child, [join(dir, 'plain')], { DATABASE_URL: '' }, serverPrefix());
    streamed = await startChildServer(child, [join(dir, 'streamed')], { DATABASE_URL: '' }, serverPrefix());
    held = await holdStreams(streamed.url, opts.streams);

    const unpin = pinSelf();
    const withStreams: number[] = [];
    const without: number[] = [];
    try {
      await load(streamed.url + PATH, {}, 200, 2);
      await load(plain.url + PATH, {}, 200, 2);
      for (let r = 0; r < opts.rounds; r++) {
        for (const who of r % 2 === 0 ? (['streams', 'plain'] as const) : (['plain', 'streams'] as const)) {
          if (who === 'streams') withStreams.push((await load(streamed.url + PATH, {}, 200, opts.duration)).rps);
          else without.push((await load(plain.url + PATH, {}, 200, opts.duration)).rps);
        }
      }
    } finally {
      unpin();
    }
    if (held.exitCode !== null) throw new Error('the stream clients exited during the run');
    const ratio = median(withStreams.map((x, i) => x / without[i]));
    return [
      row(
        'server',
        `bundle req/s, ${opts.streams.toLocaleString('en')} live streams open / none`,
        ratio,
        'x',
        { op: '>=', limit: 0.9 },
        `boot bundle 200s on a server holding ${opts.streams} idle streams (one client process) vs one without; medians with ${Math.round(median(withStreams))} req/s, without ${Math.round(median(without))} req/s; median of ${opts.rounds} paired rounds × ${opts.duration} s; ${canPin ? 'servers pinned' : 'cores not pinned'}`,
      ),
    ];
  } finally {
    held?.kill('SIGKILL');
    await streamed?.stop();
    await plain?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
