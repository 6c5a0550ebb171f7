/**
 * Where a repeat visit's time goes: one pair as the repeat-visit rows run it (a first visit, the worker keeps the
 * page, the same URL again), with a Chromium trace of the repeat visit and the network log of both visits.
 *
 *   npx tsx tests/bench/render/repeat-trace.ts [appDir] [--label complaint] [--save dir]
 *
 * Heavy: run it under the shared lock.
 */
import { chromium, type CDPSession } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, repoRoot, resultsDir } from '../bundle/build-app.js';
import { startChildServer } from '../lib/child-server.js';
import { CHROMIUM_ARGS, executablePath, nextReport, openProbedPage } from './render-bench.js';
import { PROBE_CAP_MS } from './page-probe.js';
import { prepareDataDir, BENCH_SCREEN_A_PATH } from './prepare-data-dir.js';
import { historyItems } from './screen-a-payload.js';

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

interface Ev {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, any>;
}

async function collect(cdp: CDPSession): Promise<Ev[]> {
  const events: Ev[] = [];
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as Ev[])));
  await cdp.send('Tracing.end');
  await done;
  return events;
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
    console.log(net.join('\n'));
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
    await page.waitForTimeout(opt('--idle') ? Number(opt('--idle')) : 0);
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const rep = nextReport(page, 60_000 + PROBE_CAP_MS);
    rep.catch(() => {});
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const repeat = await rep;
    const events = await collect(cdp);
    console.log('repeat', JSON.stringify(repeat));
    console.log(net.join('\n'));
    const timing = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = performance
        .getEntriesByType('resource')
        .map(
          (r: any) =>
            `${r.name.slice(-50)} start=${r.startTime.toFixed(0)} wst=${r.workerStart.toFixed(0)} rs=${r.responseStart.toFixed(0)} re=${r.responseEnd.toFixed(0)} block=${r.renderBlockingStatus}`,
        );
      return {
        nav: n.toJSON(),
        res,
        kept: !!document.querySelector('meta[name="sdui-kept"]'),
        len: document.documentElement.outerHTML.length,
      };
    });
    console.log(JSON.stringify(timing, null, 1));
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(join(saveDir, `repeat-${Date.now()}.trace.json`), JSON.stringify({ traceEvents: events }));
    }
    // The navigation start of the main frame, then everything interesting relative to it.
    const navStart = events.find(
      (e) =>
        e.name === 'navigationStart' &&
        e.args?.data?.isLoadingMainFrame &&
        e.args?.data?.documentLoaderURL?.startsWith('http'),
    );
    const base = navStart?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const rel = (e: Ev) => ((e.ts - base) / 1000).toFixed(1);
    const interesting =
      /ServiceWorker|FetchEvent|Navigation|ParseHTML|ParseAuthorStyleSheet|ResourceSend|ResourceFinish|ResourceReceiveResponse|firstPaint|firstContentfulPaint|EvaluateScript|v8.compile|Layout|UpdateLayoutTree|Paint$|domContentLoaded|MarkDOMContent|RunTask|FunctionCall|TimerFire|v8.run|CompileScript|Commit/;
    const lines = events
      .filter(
        (e) =>
          e.ts >= base - 5000 &&
          interesting.test(e.name) &&
          (e.dur === undefined ||
            e.dur > 2000 ||
            e.ph !== 'X' ||
            /ServiceWorker|Fetch|Parse|Resource|Paint/.test(e.name)),
      )
      .sort((a, b) => a.ts - b.ts)
      .map(
        (e) =>
          `${rel(e).padStart(8)} ${e.dur ? (e.dur / 1000).toFixed(1).padStart(6) : '      '} ${e.ph} pid${e.pid}/${e.tid} ${e.cat.slice(0, 30)} ${e.name} ${JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0, 160)}`,
      );
    console.log(lines.slice(0, 600).join('\n'));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
await main();
