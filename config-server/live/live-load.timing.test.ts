/**
 * Load, loopback only and bounded: LIVE_LOAD_STREAMS idle streams on one replica (5,000 in `npm test`,
 * beside other timing files; 10,000 in `npm run test:hardening`), held by a child process; the replica's memory per
 * stream and its idle CPU, then how long a publish takes to reach them all. Figures are printed and recorded in
 * README.md. The bounds are loose (a shared 2-core VM): they catch a stream costing tens of KB, an idle replica
 * spinning, or a fan-out slower than the 1 s goal by a margin.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startTestServer } from '../testing/test-helpers.js';
import { publishText } from './testing/live-fixtures.js';
import { SPREAD_MS } from '../../renderer/boot/live/start-live.js';

const N = Number(process.env.LIVE_LOAD_STREAMS ?? 5_000);

/** The child's next message, or a failure naming what was awaited: a wait never outlives the test. */
const message = <T>(c: ChildProcess, what: string, ms: number) =>
  Promise.race([
    once(c, 'message').then(([m]) => m as T),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`load clients: no ${what} within ${ms} ms`)), ms).unref(),
    ),
  ]);
const settle = async () => {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 500));
};

it(`holds ${N} idle streams cheaply and announces a publish to all of them`, async ({ onTestFinished }) => {
  // Stopped after each attempt, a timed-out one included: the timing project retries, and a first attempt's 10,000
  // sockets left open beside the retry's 10,000 ran the server out of file descriptors ("too many open files").
  // Every load client is on 127.0.0.1: the whole cap to one address here (the share has its own tests).
  const s = await startTestServer({ env: { LIVE_HEARTBEAT_MS: '25000', LIVE_ADDRESS_SHARE: '100' } });
  let child: ChildProcess | undefined;
  onTestFinished(async () => {
    child?.kill('SIGKILL');
    await s.stop();
  });
  await settle();
  const before = process.memoryUsage();
  child = fork(
    fileURLToPath(new URL('./testing/load-clients.mjs', import.meta.url)),
    [
      new URL(s.url).port,
      String(N),
      String(SPREAD_MS),
      (await fetch(`${s.url}/config/v1/bundle?market=ID`)).headers.get('etag')!,
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const t0 = Date.now();
  const { connected, failed, reasons } = await message<{ connected: number; failed: number; reasons: object }>(
    child,
    'connections',
    60_000 + N * 10,
  );
  const connectMs = Date.now() - t0;
  expect({ connected, failed, reasons }).toEqual({ connected: N, failed: 0, reasons: {} });
  expect(s.config.live.size).toBe(N);
  await settle();
  const after = process.memoryUsage();
  const perStream = (k: 'rss' | 'heapUsed' | 'external') => (after[k] - before[k]) / N;

  // Idle: nothing published, no heartbeat due (25 s): what N open streams cost the replica's CPU by themselves.
  const cpu0 = process.cpuUsage();
  const idleMs = 5000;
  await new Promise((r) => setTimeout(r, idleMs));
  const cpu = process.cpuUsage(cpu0);
  const idleCpu = (cpu.user + cpu.system) / 1000 / idleMs;

  // What reaches the origin after the publish: every page's bundle re-fetch, timed where the server receives it.
  const arrivals: number[] = [];
  s.http.on('request', (req) => {
    if (req.url?.startsWith('/config/v1/bundle')) arrivals.push(Date.now());
  });
  const p0 = Date.now();
  await publishText(s, `load ${p0}`);
  await s.config.live.settled();
  const fanOutMs = Date.now() - p0;
  // The last page re-fetches SPREAD_MS after it heard; its answer follows.
  for (const until = Date.now() + SPREAD_MS + 15_000; arrivals.length < N && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500));
  child.send('collect');
  const { received, cut, refetch } = await message<{
    received: number[];
    cut: number;
    refetch: { status: Record<string, number>; answerMs: number[] };
  }>(child, 'latencies', 30_000);
  const lat = received.map((t) => (t ? t - p0 : Infinity)).sort((x, y) => x - y);
  const pct = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))];
  console.log(
    [
      `${N} streams connected in ${connectMs} ms`,
      `memory per stream: rss ${(perStream('rss') / 1024).toFixed(1)} KB, heap ${(perStream('heapUsed') / 1024).toFixed(1)} KB, external ${(perStream('external') / 1024).toFixed(2)} KB`,
      `idle CPU with ${N} streams: ${(idleCpu * 100).toFixed(2)} % of one core over ${idleMs / 1000} s`,
      `publish → written to all ${N}: ${fanOutMs} ms; received by clients p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${lat[lat.length - 1]} ms`,
    ].join('\n'),
  );
  // The origin's load: re-fetches per 100 ms against an even spread (N over SPREAD_MS), and how fast they were answered.
  const buckets = new Map<number, number>();
  for (const t of arrivals) buckets.set(Math.floor((t - p0) / 100), (buckets.get(Math.floor((t - p0) / 100)) ?? 0) + 1);
  const peak = Math.max(...buckets.values());
  // Any 200 ms: an even spread puts a tenth of N there; a herd would put most of N into the first.
  const peak200 = Math.max(...[...buckets.keys()].map((k) => (buckets.get(k) ?? 0) + (buckets.get(k + 1) ?? 0)));
  const even = N / (SPREAD_MS / 100);
  const span = Math.max(...arrivals) - Math.min(...arrivals);
  const answer = [...refetch.answerMs].sort((x, y) => x - y);
  const q = (a: number[], f: number) => a[Math.min(a.length - 1, Math.floor(f * a.length))];
  console.log(
    `re-fetch at the origin: ${arrivals.length} bundle requests over ${span} ms (${(arrivals[0]! - p0).toFixed(0)}-${Math.max(...arrivals) - p0} ms after the publish); ` +
      `busiest 100 ms ${peak} (even spread ${even.toFixed(0)}); answers ${JSON.stringify(refetch.status)}, p50 ${q(answer, 0.5)} ms, p99 ${q(answer, 0.99)} ms, max ${answer[answer.length - 1]} ms`,
  );
  expect({ cut, missed: lat.filter((t) => !Number.isFinite(t)).length }).toEqual({ cut: 0, missed: 0 });
  // Every page got the new bundle (200, not a 304 of the old one), spread over the window. The bound on the busiest
  // 200 ms is two and a half even shares: loose, because a stall of this shared VM bunches the arrivals behind it.
  expect({ arrivals: arrivals.length, status: refetch.status }).toEqual({ arrivals: N, status: { 200: N } });
  expect(span).toBeGreaterThan(SPREAD_MS * 0.8);
  expect(peak200).toBeLessThan(N / 4);
  expect(lat[lat.length - 1]).toBeLessThan(2000);
  expect(perStream('heapUsed')).toBeLessThan(32 * 1024);
  expect(idleCpu).toBeLessThan(0.1);
}, 180_000);
