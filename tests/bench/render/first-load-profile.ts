/**
 * Where screen A's first load goes, for PERFORMANCE.md: one cold load of ours and of the plain page in the
 * render section's setup (the same server, data, Chromium, fixed 4× CPU throttling and slow-4G network), with
 *   - a heap snapshot after the load (network idle, GC), summed by constructor and by retained size (dominator tree);
 *   - a Chromium trace of the load, cut into HTML arrival, parse, style/layout, paint, JS download/eval, hydrate, content.
 *
 *   npx tsx tests/bench/render/first-load-profile.ts [appDir] [--runs N] [--heap-only | --trace-only] [--save dir]
 *
 * appDir: an existing build (the renderer with `plain/` beside it, as the bench builds it); built afresh into
 * tests/bench/results/build/profile when absent. --save keeps each heap snapshot (open it in DevTools' Memory tab). Heavy: run it alone (flock /tmp/heavy.lock ...).
 */
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, repoRoot, resultsDir } from '../bundle/build-app.js';
import { startChildServer } from '../lib/child-server.js';
import { median } from '../lib/table.js';
import { CHROMIUM_ARGS, executablePath, loadCost, openProbedPage, watchNetwork } from './render-bench.js';
import { CpuDriftCheck } from './cpu-calibration.js';
import { PROBE_REPORT, type ProbeResult } from './page-probe.js';
import { prepareDataDir, BENCH_SCREEN_A_PATH } from './prepare-data-dir.js';
import { historyItems } from './screen-a-payload.js';
import { SCREEN_A_TEXT_KEYS } from '../plain/ScreenA.js';
import { summarizeHeap, type HeapSummary } from './heap-summary.js';
import { collectTrace, tracePhases, type TracePhases } from './trace-phases.js';

const COMMON =
  'market=ID&deviceId=bench-device&version=1.0.0&type=1&deviceName=bench&osVersion=14&gid=1&platform=android';
const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;
const saveDir = args.includes('--save') ? resolve(args[args.indexOf('--save') + 1]) : undefined;
if (saveDir) mkdirSync(saveDir, { recursive: true });
const appDirArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs' && args[i - 1] !== '--save');

// ---------------------------------------------------------------- one load

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.gc',
  'blink',
  'navigation',
].join(',');

interface LoadResult {
  probe: ProbeResult;
  heap?: HeapSummary;
  heapUsed?: number;
  trace?: TracePhases;
}

async function oneLoad(
  cpu: CpuDriftCheck,
  browser: import('playwright-core').Browser,
  url: string,
  needles: string[],
  what: { heap: boolean; trace: boolean },
): Promise<LoadResult> {
  const { context, page, cdp } = await (await cpu.steady(), await openProbedPage(browser, needles));
  try {
    await page.goto('about:blank');
    const net = watchNetwork(cdp);
    if (what.trace) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    const probe = new Promise<ProbeResult>((resolveProbe) => {
      page.on('console', (m) => {
        if (m.text().startsWith(PROBE_REPORT))
          resolveProbe(JSON.parse(m.text().slice(PROBE_REPORT.length)) as ProbeResult);
      });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const result = await probe;
    const out: LoadResult = { probe: result };
    if (what.trace) {
      const events = await collectTrace(cdp);
      if (saveDir)
        writeFileSync(
          join(saveDir, `${new URL(url).pathname.includes('plain') ? 'plain' : 'ours'}-${Date.now()}.trace.json`),
          JSON.stringify({ traceEvents: events }),
        );
      out.trace = tracePhases(events, result);
    }
    if (what.heap) {
      // The bench's own reading: network idle, GC, JSHeapUsedSize; then the snapshot of that heap.
      out.heapUsed = (await loadCost(page, cdp, net)).heapBytes;
      await cdp.send('HeapProfiler.enable');
      const chunks: string[] = [];
      cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => void chunks.push(e.chunk));
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
      out.heap = summarizeHeap(chunks.join(''));
      if (saveDir)
        writeFileSync(
          join(saveDir, `${new URL(url).pathname.includes('plain') ? 'plain' : 'ours'}-${Date.now()}.heapsnapshot`),
          chunks.join(''),
        );
    }
    return out;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- main

async function main() {
  let appDir = appDirArg ? resolve(appDirArg) : resolve(resultsDir, 'build/profile');
  if (!existsSync(join(appDir, 'index.html')) || !existsSync(join(appDir, 'plain-a/index.html'))) {
    appDir = resolve(resultsDir, 'build/profile');
    await buildApp({ root: resolve(repoRoot, 'renderer'), outDir: appDir });
    const terms = JSON.parse(readFileSync(resolve(repoRoot, 'screens/texts/id-ID.json'), 'utf8')).texts as Record<
      string,
      string
    >;
    await buildApp({
      root: resolve(repoRoot, 'tests/bench/plain-a'),
      outDir: join(appDir, 'plain-a'),
      base: '/plain-a/',
      swap: { [resolve(repoRoot, 'tests/bench/baseline/api.ts')]: resolve(repoRoot, 'tests/bench/plain/api.ts') },
      define: { __SCREEN_A_TEXTS__: JSON.stringify(Object.fromEntries(SCREEN_A_TEXT_KEYS.map((k) => [k, terms[k]]))) },
    });
  }
  const dataDir = await prepareDataDir();
  const server = await startChildServer(resolve(repoRoot, 'tests/bench/render/render-server-child.ts'), [
    dataDir,
    appDir,
  ]);
  const browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS, headless: true });
  const cpu = new CpuDriftCheck(browser);
  try {
    // The oldest history item is drawn last (screen-a-payload.ts).
    const needle = historyItems(200, ['x']).at(-1)!.content.split(':')[0] + ':';
    const pages = {
      ours: `${server.url}${BENCH_SCREEN_A_PATH}?${COMMON}&token=bench-screen-a`,
      plain: `${server.url}/plain-a/index.html?${COMMON}&token=bench-screen-a`,
    };
    const what = { heap: !flag('--trace-only'), trace: !flag('--heap-only') };
    // One unrecorded load of each: the server's and the OS's caches warm for both.
    for (const url of Object.values(pages)) await oneLoad(cpu, browser, url, [needle], { heap: false, trace: false });
    const results: Record<string, LoadResult[]> = { ours: [], plain: [] };
    for (let i = 0; i < runs; i++) {
      for (const side of (i % 2 ? ['plain', 'ours'] : ['ours', 'plain']) as ('ours' | 'plain')[]) {
        results[side].push(await oneLoad(cpu, browser, pages[side], [needle], what));
      }
    }
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
    for (const side of ['ours', 'plain'] as const) {
      const rs = results[side];
      console.log(`\n## ${side} (${runs} cold loads; CPU ${cpu.summary().note})`);
      if (what.heap) {
        const used = rs.map((r) => r.heapUsed ?? NaN);
        console.log(
          `JSHeapUsedSize after GC: median ${mb(median(used))}; snapshot total ${mb(median(rs.map((r) => r.heap!.total)))}`,
        );
        const h = rs[0].heap!;
        console.log('\nself size by constructor (first load):');
        for (const c of h.byConstructor)
          console.log(`  ${kb(c.self).padStart(7)}  ${String(c.count).padStart(6)}  ${c.name}`);
        console.log('\nthe largest kinds by what holds them (first load):');
        for (const h2 of h.heldBy)
          console.log(`  ${h2.name}: ${h2.edges.map((e) => `${e.edge} ${kb(e.self)} (${e.count})`).join(', ')}`);
        console.log('\nlargest retained (first load):');
        for (const t of h.topRetained) console.log(`  ${kb(t.retained).padStart(7)}  ${t.what}  <  ${t.keptBy}`);
      }
      if (what.trace) {
        const at = ['htmlFirstByte', 'htmlDone', 'fcp', 'content', 'scriptsDone', 'entryEvaluated', 'ready'] as const;
        console.log('\ntrace, median over the loads (ms from navigation start) [each load]:');
        const line = (k: string, xs: (number | null)[]) => {
          const ok = xs.filter((x): x is number => x !== null && Number.isFinite(x));
          console.log(
            `  ${k.padEnd(16)} ${ok.length ? median(ok).toFixed(0).padStart(5) : '    -'}  [${xs.map((x) => (x === null ? '-' : x.toFixed(0))).join(', ')}]`,
          );
        };
        for (const k of at)
          line(
            k,
            rs.map((r) => r.trace![k]),
          );
        console.log('main thread until ready (the mark), ms of self time by kind:');
        for (const k of Object.keys(rs[0].trace!.main) as (keyof TracePhases['main'])[])
          line(
            k,
            rs.map((r) => r.trace!.main[k]),
          );
      }
    }
  } finally {
    await cpu.close();
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(repoRoot, 'tests/bench/render/first-load-profile.ts')) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
