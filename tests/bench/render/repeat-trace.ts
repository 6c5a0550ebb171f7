/**
 * Where a repeat visit's time goes: one pair as the repeat-visit rows run it (a first visit, the worker keeps the
 * page, the same URL again), with a Chromium trace of the repeat visit and the network log of both visits.
 *
 *   npx tsx tests/bench/render/repeat-trace.ts [appDir] [--label complaint] [--cold] [--save dir]
 *
 * Heavy: run it under the shared lock.
 */
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, repoRoot, resultsDir } from '../bundle/build-app.js';
import { startChildServer } from '../lib/child-server.js';
import { CHROMIUM_ARGS, executablePath, nextReport, openProbedPage } from './render-bench.js';
import { PROBE_CAP_MS, type ProbeResult } from './page-probe.js';
import { prepareDataDir, BENCH_SCREEN_A_PATH } from './prepare-data-dir.js';
import { historyItems } from './screen-a-payload.js';
import { collectTrace, type TraceEvent } from './trace-phases.js';

const COMMON =
  'market=ID&deviceId=bench-device&version=1.0.0&type=1&deviceName=bench&osVersion=14&gid=1&platform=android';
const args = process.argv.slice(2);
const opt = (f: string) => (args.includes(f) ? args[args.indexOf(f) + 1] : undefined);
const saveDir = opt('--save') ? resolve(opt('--save')!) : undefined;
const appDirArg = args.find((a, i) => !a.startsWith('--') && !['--save', '--label'].includes(args[i - 1]));

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'navigation',
  'v8.execute',
  'ServiceWorker',
  'blink',
  'netlog',
  'disabled-by-default-devtools.timeline.frame',
].join(',');

/** Trace events with the arguments this script reads loosely typed. */
type Ev = TraceEvent & { args?: Record<string, any> };

/** The repeat visit's time, cut into phases from the trace (ms from navigation start, the probe's clock). */
function phases(events: Ev[], probe: ProbeResult): string[] {
  const at = (name: string, pred: (e: Ev) => boolean = () => true) => events.find((e) => e.name === name && pred(e));
  const start = at('NavigationStartToBeginNavigation') ?? at('ActualNavigationStartToNavigationStart');
  const t0 = start?.ts ?? 0;
  const ms = (ts: number | undefined) => (ts === undefined ? '-' : ((ts - t0) / 1000).toFixed(0));
  // The page's main thread: where the kept page's body is handed to the parser.
  const body = events
    .filter((e) => e.name === 'DocumentLoader::CommitData' && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts)
    .find((e) => e.ts > t0 && (e.args?.length ?? 2) > 1);
  if (!body) return ['no page body in the trace'];
  const main = (e: Ev) => e.pid === body.pid && e.tid === body.tid && e.ph === 'X' && e.ts >= t0;
  const contentTs = t0 + (probe.content ?? 0) * 1000;
  const before = (e: Ev) => main(e) && e.ts < contentTs;
  const sum = (pred: (e: Ev) => boolean) =>
    (events.filter(pred).reduce((a, e) => a + (e.dur ?? 0), 0) / 1000).toFixed(0);
  const fetchEv = at('ServiceWorkerMainResourceLoader::DidPrepareFetchEvent');
  const answered = at('ServiceWorkerMainResourceLoader::DidDispatchFetchEvent');
  const workerStarts = events.filter((e) => e.name === 'ServiceWorkerVersion::StartWorker' && e.ts >= t0);
  const commit = events.find((e) => main(e) && e.name === 'RenderFrameImpl::CommitNavigation');
  const firstParse = events.find((e) => main(e) && e.name === 'ParseHTML' && (e.args?.parsed_bytes ?? 0) > 1);
  const hints = events.filter((e) => main(e) && e.name === 'ResourceFetcher::requestResource' && e.ts < contentTs);
  return [
    `worker: fetch event at ${ms(fetchEv?.ts)} (worker ${fetchEv?.args?.initial_worker_status ?? '?'}${workerStarts.length ? ', started for it' : ''}), answered at ${ms(answered?.ts)}`,
    `page commit on the main thread: ${ms(commit?.ts)} to ${ms(commit && commit.ts + (commit.dur ?? 0))}`,
    `body to the parser at ${ms(body.ts)} (${((body.dur ?? 0) / 1000) | 0} ms, ${hints.filter((e) => e.ts < body.ts + (body.dur ?? 0)).length} fetches started in it); first parse at ${ms(firstParse?.ts)}`,
    `before content (main thread, ms): parse ${sum((e) => before(e) && e.name === 'ParseHTML')}, style+layout ${sum((e) => before(e) && (e.name === 'Layout' || e.name === 'UpdateLayoutTree'))}, paint ${sum((e) => before(e) && (e.name === 'Paint' || e.name === 'PrePaint'))}, script ${sum((e) => before(e) && (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || e.name === 'FunctionCall'))}, fetches started ${hints.length}`,
    `content ${probe.content?.toFixed(0)}, painted ${probe.painted?.toFixed(0) ?? '-'}, first contentful paint ${probe.fcp?.toFixed(0)}`,
  ];
}

async function main() {
  const appDir = appDirArg ? resolve(appDirArg) : resolve(resultsDir, 'build/renderer');
  if (!existsSync(join(appDir, 'index.html'))) await buildApp({ root: resolve(repoRoot, 'renderer'), outDir: appDir });
  const dataDir = await prepareDataDir();
  const server = await startChildServer(
    resolve(repoRoot, 'tests/bench/render/render-server-child.ts'),
    [dataDir, appDir],
    {
      NODE_ENV: 'production',
    },
  );
  const browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS, headless: true });
  try {
    const complaint = (opt('--label') ?? '').includes('complaint');
    let needles: string[];
    let url: string;
    if (complaint) {
      const init = await fetch(`${server.url}/sandbox/user-problem/problem-init?market=ID&token=bench-entry`, {
        method: 'POST',
      });
      needles = [((await init.json()) as any).data.problemType.at(-1).title];
      url = `${server.url}/complaint?${COMMON}&token=trace-${Date.now()}`;
    } else {
      needles = [historyItems(200, ['x']).at(-1)!.content.split(':')[0] + ':'];
      url = `${server.url}${BENCH_SCREEN_A_PATH}?${COMMON}&token=trace-${Date.now()}`;
    }
    const { context, page, cdp } = await openProbedPage(browser, needles);
    const net: string[] = [];
    let t0 = 0;
    cdp.on('Network.requestWillBeSent', (e: any) => {
      if (e.type === 'Document') t0 = e.timestamp;
      net.push(`${((e.timestamp - t0) * 1000).toFixed(0).padStart(6)} req  ${e.type} ${e.request.url.slice(0, 110)}`);
    });
    cdp.on('Network.responseReceived', (e: any) => {
      const r = e.response;
      net.push(
        `${((e.timestamp - t0) * 1000).toFixed(0).padStart(6)} resp ${e.type} ${r.status} sw=${r.fromServiceWorker} disk=${r.fromDiskCache} src=${r.serviceWorkerResponseSource ?? ''} ${r.url.slice(0, 90)}`,
      );
    });
    cdp.on('Network.loadingFinished', (e: any) =>
      net.push(`${((e.timestamp - t0) * 1000).toFixed(0).padStart(6)} done ${e.requestId} ${e.encodedDataLength}B`),
    );
    const visit = async () => {
      await page.goto('about:blank');
      const rep = nextReport(page, 60_000 + PROBE_CAP_MS);
      rep.catch(() => {});
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      return rep;
    };
    const first = await visit();
    console.log('first', JSON.stringify(first));
    if (args.includes('--net')) console.log(net.join('\n'));
    net.length = 0;
    const until = Date.now() + 90_000;
    for (;;) {
      const kept = await page.evaluate(() =>
        caches
          .open('sdui-pages')
          .then((c) => c.keys())
          .then((k) => k.map((r) => r.url)),
      );
      if (kept.includes(url)) break;
      if (Date.now() > until) throw new Error('not kept');
      await page.waitForTimeout(250);
    }
    await page.goto('about:blank');
    // --cold: the worker stopped, as on a phone that comes back after the browser let it go (30 s idle).
    if (args.includes('--cold')) {
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
    }
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const rep = nextReport(page, 60_000 + PROBE_CAP_MS);
    rep.catch(() => {});
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const repeat = await rep;
    const events = (await collectTrace(cdp)) as Ev[];
    console.log('repeat', JSON.stringify(repeat));
    if (args.includes('--net')) console.log(net.join('\n'));
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(join(saveDir, `repeat-${Date.now()}.trace.json`), JSON.stringify({ traceEvents: events }));
    }
    console.log(phases(events, repeat).join('\n'));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
await main();
