/**
 * `npm run bench`: bundle sizes, render time vs a hand-written page, config server throughput vs a
 * bare node:http server, document validation/publish cost. Prints one table, writes it as JSON under
 * tests/bench/results/ and exits 0 either way (budgets are judged by the table, not the exit code).
 * Env: BENCH_ONLY=bundle,render,lighthouse,server,documents (lighthouse: the Lighthouse 12 rows, BENCH_LH_RUNS=3; repeat: only
 *        the repeat-visit rows (render runs them too), BENCH_REPEAT_PAIRS=11; store: only the PostgreSQL/SQLite read row; ssr: only the server-render cost row;
 *        release: only the bundle-with-a-release-in-flight row; experiment: only the experiment results and
 *        conversions rows; live: only the bundle-with-10,000-streams-open row,
 *        LIVE_BENCH_STREAMS=10000)  BENCH_RUNS=21 (render runs per app and screen)
 *      BENCH_DURATION=10 (seconds per autocannon run)  BENCH_ROUNDS=5 (autocannon runs per case and server).
 *      BENCH_SCENARIOS=complaint,list (render and repeat: only the scenarios whose label contains one of these,
 *        or is exactly one written `=label`; 'screen A' is the referee screen, with JS transferred over the load and
 *        heap rows).
 *      BENCH_SSR_SANDBOX=1 (server render cost: also the INFO rows with the live sandbox as the backend).
 *      BENCH_AGAINST=/tmp/base (render: each page also from another checkout, beside ours: render/against-build.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { buildApp, repoRoot, resultsDir } from './bundle/build-app.js';
import { buildPlainA, buildPlainPages, idTexts } from './bundle/build-plain-pages.js';
import { startChildServer } from './lib/child-server.js';
import { errorRow, formatMarkdown, formatTable, type Row } from './lib/table.js';

// Sections import the project's code lazily: one broken module costs its section, not the whole run.

const only = new Set(
  (process.env.BENCH_ONLY ?? 'bundle,render,lighthouse,server,documents').split(',').map((s) => s.trim()),
);
const runs = Number(process.env.BENCH_RUNS ?? 21);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
/** Lighthouse audits per page (BENCH_LH_RUNS). */
const lhRuns = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const scenarioFilter = process.env.BENCH_SCENARIOS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** A scenario the filter keeps: `=label` keeps that label alone, any other entry the labels that contain it. */
const wanted = (label: string) =>
  !scenarioFilter?.length || scenarioFilter.some((f) => (f.startsWith('=') ? label === f.slice(1) : label.includes(f)));
const log = (s: string) => process.stderr.write(s + '\n');
const COMMON =
  'market=ID&deviceId=bench-device&version=1.0.0&type=1&deviceName=bench&osVersion=14&gid=1&platform=android';

const rows: Row[] = [];
const section = async (name: Row['section'], fn: () => Promise<Row[]> | Row[]) => {
  const t0 = Date.now();
  log(`[bench] ${name}...`);
  try {
    rows.push(...(await fn()));
  } catch (err) {
    log(`[bench] ${name} failed: ${err instanceof Error ? err.stack : err}`);
    rows.push(errorRow(name, `${name} (could not run)`, err));
  }
  log(`[bench] ${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
};

const appDir = resolve(resultsDir, 'build/renderer');
let built = false;
await section('bundle', async () => {
  if (only.has('bundle')) {
    const { bundleBench } = await import('./bundle/bundle-bench.js');
    const r = await bundleBench();
    built = true;
    return r.rows;
  }
  if (only.has('render') || only.has('repeat') || only.has('lighthouse') || only.has('server') || only.has('ssr')) {
    await buildApp({ root: resolve(repoRoot, 'renderer'), outDir: appDir });
    built = true;
  }
  return [];
});

if (only.has('render') && built) {
  await section('render', async () => {
    // The hand-written page is served by the same express static, from a folder of the same build dir.
    const { renderBench, TOKEN, LOW_END } = await import('./render/render-bench.js');
    const { prepareDataDir, seedComplaints, BENCH_LIST_PATH, BENCH_SCREEN_A_PATH } =
      await import('./render/prepare-data-dir.js');
    const { historyItems } = await import('./render/screen-a-payload.js');
    const terms = idTexts();
    await buildPlainPages(appDir);
    const dataDir = await prepareDataDir();
    // The real config app plus screen A's one backend call (render-server-child.ts), NODE_ENV=production as shipped.
    const server = await startChildServer(
      resolve(repoRoot, 'tests/bench/render/render-server-child.ts'),
      [dataDir, appDir],
      { NODE_ENV: 'production' },
    );
    const { startAgainst } = await import('./render/against-build.js');
    let other: Awaited<ReturnType<typeof startAgainst>>;
    try {
      other = await startAgainst(process.env.BENCH_AGAINST, prepareDataDir, log);
      const listNeedle = await seedComplaints(server.url, 'bench-list', 200);
      if (other) await seedComplaints(other.server.url, 'bench-list', 200);
      // Screen A: the oldest history item is drawn last; the same answer for every token (render-server-child.ts).
      const screenANeedle = historyItems(200, ['x']).at(-1)!.content.split(':')[0] + ':';
      const init = await fetch(`${server.url}/sandbox/user-problem/problem-init?market=ID&token=bench-entry`, {
        method: 'POST',
      });
      const data = (
        (await init.json()) as { data: { problemType: { title: string }[]; orderDetail: { productName: string } } }
      ).data;
      const loan = await fetch(`${server.url}/sandbox/v3/loan-details/loan-details?market=ID&token=bench-loan`, {
        method: 'POST',
        body: new URLSearchParams({ productId: '103', orderId: '1004' }),
      });
      const details = ((await loan.json()) as { data: { noticeStatusText: string; productName: string } }).data;
      // Loan confirmation's and instalments' content: text of each of their calls' answers (the sandbox answers
      // every borrower alike), beside the button the page ends with.
      const read = async <T>(path: string, body: Record<string, string>) =>
        (
          (await (
            await fetch(`${server.url}/sandbox${path}?market=ID&token=bench-needles`, {
              method: 'POST',
              body: new URLSearchParams(body),
            })
          ).json()) as { data: T }
        ).data;
      const offer = await read<{ note: string }>('/v3/loan-confirm/loan-detail-confirm', { productId: '103' });
      const contracts = await read<{ title: string }[]>('/v3/contract/contract', { productId: '103', scene: '3' });
      const plan = await read<{ note: string }>('/v3/installment/loan-play-detail', {
        productId: '103',
        orderId: '1004',
      });
      const confirmNeedles = [terms['loan.confirm'], offer.note, contracts.at(-1)!.title];
      const instalmentNeedles = [terms['repay.payNow'], plan.note];
      // Every first visit is a new borrower (TOKEN), except the list of 200, whose sandbox session is seeded once.
      const scenario = (label: string, path: string, token: string, needles: string[]) => ({
        label,
        ours: `${server.url}${path}?${COMMON}&token=${token}`,
        baseline: `${server.url}/baseline/index.html?${COMMON}&token=${token}#${path}`,
        plain: `${server.url}/plain/index.html?${COMMON}&token=${token}#${path}`,
        needles,
      });
      const radio = { target: '[role="radio"]', effect: '[role="radio"][aria-checked="true"]' };
      return await renderBench(
        [
          // The referee scenario: one call the server makes; content = the last history item, visible.
          // Budgets since the page streams: content cold <= 0.45 and FCP cold <= 0.50 of the plain page, quiet
          // <= 1.0, and ours's content p90 / median <= 1.5 over its first visits.
          {
            ...scenario('screen A', BENCH_SCREEN_A_PATH, TOKEN, [screenANeedle]),
            baseline: undefined,
            plain: `${server.url}/plain-a/index.html?${COMMON}&token=${TOKEN}`,
            loadCost: true,
            borrower: true,
            plainBudgets: { contentCold: 0.45, fcpCold: 0.5, quietCold: 1.0 },
            contentSpread: 1.5,
            tap: { ours: radio, plain: { target: 'button[aria-pressed]', effect: 'button[aria-pressed="true"]' } },
          },
          // The low end: a cheap phone on a poor network (6× CPU, 400 ms, 400 kbps), first visits, as shipped.
          {
            ...scenario('low end screen A', BENCH_SCREEN_A_PATH, TOKEN, [screenANeedle]),
            baseline: undefined,
            plain: `${server.url}/plain-a/index.html?${COMMON}&token=${TOKEN}`,
            phone: LOW_END,
            plainBudgets: { contentCold: 0.6 },
            contentSpread: 1.5,
          },
          // Two real screens against their hand-written pages (plain-confirm/, plain-instalments/).
          {
            label: 'low end loan confirmation',
            ours: `${server.url}/loanConfirm?${COMMON}&token=${TOKEN}&productId=103`,
            plain: `${server.url}/plain-confirm/index.html?${COMMON}&token=${TOKEN}&productId=103`,
            needles: confirmNeedles,
            phone: LOW_END,
            plainBudgets: { contentCold: 0.6 },
            contentSpread: 1.5,
          },
          {
            label: 'low end instalments',
            ours: `${server.url}/instalmentRepay?${COMMON}&token=${TOKEN}&productId=103&orderId=1004`,
            plain: `${server.url}/plain-instalments/index.html?${COMMON}&token=${TOKEN}&productId=103&orderId=1004`,
            needles: instalmentNeedles,
            phone: LOW_END,
            plainBudgets: { contentCold: 0.6 },
            contentSpread: 1.5,
          },
          scenario('complaint entry', '/complaint', TOKEN, [
            data.orderDetail.productName,
            data.problemType.at(-1)!.title,
          ]),
          scenario('list of 200', BENCH_LIST_PATH, 'bench-list', [listNeedle]),
          // Only a plain hand-written page exists for these (tests/bench/plain/).
          {
            ...scenario('loan details', '/loanDetails', TOKEN, [details.noticeStatusText, details.productName]),
            baseline: undefined,
            ours: `${server.url}/loanDetails?${COMMON}&token=${TOKEN}&productId=103&orderId=1004`,
            plain: `${server.url}/plain/index.html?${COMMON}&token=${TOKEN}&productId=103&orderId=1004#/loanDetails`,
          },
          {
            ...scenario('loan terms (static)', '/Loan', TOKEN, [
              terms['legal.terms.heading'],
              terms['legal.terms.waiver.p'],
            ]),
            baseline: undefined,
          },
          // A paid click: no token, the published `default` template fetched by the server (channel-template).
          {
            label: 'landing page',
            ours: `${server.url}/register?${COMMON}&templateId=default`,
            plain: `${server.url}/plain/index.html?${COMMON}&templateId=default#/register`,
            needles: [terms['landing.default.title'], terms['landing.default.apply']],
            borrower: true,
          },
          // The real screens, ours only (no hand-written page): the money screen with a tap on its consent box
          // (agreed at first: the tap unticks it, and Confirm must turn disabled), and instalments.
          {
            label: 'loan confirmation',
            ours: `${server.url}/loanConfirm?${COMMON}&token=${TOKEN}&productId=103`,
            needles: [terms['loan.confirm']],
            borrower: true,
            tap: { ours: { target: '.sdui-checkbox input[type="checkbox"]', effect: '#loan-confirm:disabled' } },
          },
          {
            label: 'instalments',
            ours: `${server.url}/instalmentRepay?${COMMON}&token=${TOKEN}&productId=103&orderId=1004`,
            needles: [terms['repay.payNow']],
            borrower: true,
          },
        ]
          .filter((s) => wanted(s.label))
          .map((s) => (other ? { ...s, against: s.ours.replace(server.url, other!.server.url) } : s)),
        runs,
        log,
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await other?.stop();
    }
  });
}

// A repeat visit against the same page's first visit, with the offline worker (render/repeat-visit.ts).
if ((only.has('render') || only.has('repeat')) && built) {
  await section('render', async () => {
    const { chromium } = await import('playwright-core');
    const { CHROMIUM_ARGS, executablePath, TOKEN } = await import('./render/render-bench.js');
    const { repeatVisitBench } = await import('./render/repeat-visit.js');
    const { prepareDataDir, BENCH_SCREEN_A_PATH } = await import('./render/prepare-data-dir.js');
    const { historyItems } = await import('./render/screen-a-payload.js');
    const dataDir = await prepareDataDir();
    const server = await startChildServer(
      resolve(repoRoot, 'tests/bench/render/render-server-child.ts'),
      [dataDir, appDir],
      { NODE_ENV: 'production' },
    );
    const browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS, headless: true });
    try {
      const init = await fetch(`${server.url}/sandbox/user-problem/problem-init?market=ID&token=bench-entry`, {
        method: 'POST',
      });
      const data = ((await init.json()) as { data: { problemType: { title: string }[] } }).data;
      return await repeatVisitBench(
        browser,
        [
          {
            label: 'screen A',
            url: `${server.url}${BENCH_SCREEN_A_PATH}?${COMMON}&token=${TOKEN}`,
            needles: [historyItems(200, ['x']).at(-1)!.content.split(':')[0] + ':'],
          },
          {
            label: 'complaint entry',
            url: `${server.url}/complaint?${COMMON}&token=${TOKEN}`,
            needles: [data.problemType.at(-1)!.title],
          },
        ].filter((s) => wanted(s.label)),
        Math.max(1, Number(process.env.BENCH_REPEAT_PAIRS ?? 11)),
        log,
      );
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (only.has('lighthouse') && built) {
  await section('render', async () => {
    const { lighthouseBench } = await import('./lighthouse/lighthouse-bench.js');
    const { prepareDataDir, BENCH_SCREEN_A_PATH } = await import('./render/prepare-data-dir.js');
    await buildPlainA(appDir);
    const dataDir = await prepareDataDir();
    const server = await startChildServer(
      resolve(repoRoot, 'tests/bench/render/render-server-child.ts'),
      [dataDir, appDir],
      { NODE_ENV: 'production' },
    );
    // Every borrower route in both markets (ID as COMMON has it, then IN).
    const markets = (process.env.BENCH_LH_MARKETS ?? 'ID,IN').split(',').map((m) => m.trim());
    const inMarket = (m: string, url: string) => (m === 'ID' ? url : url.replace('market=ID', `market=${m}`));
    const page = (label: string, path: string, query = '') =>
      markets.map((m) => ({
        label: m === 'ID' ? label : `${label} (${m})`,
        url: inMarket(m, `${server.url}${path}?${COMMON}&token={token}${query}`),
      }));
    try {
      return await lighthouseBench(
        [
          ...page('complaint entry', '/complaint'),
          ...page('instalments', '/instalmentRepay', '&productId=103&orderId=1004'),
          ...page('loan details', '/loanDetails', '&productId=103&orderId=1004'),
          ...page('loan confirmation', '/loanConfirm', '&productId=103'),
          ...markets.map((m) => ({
            label: m === 'ID' ? 'landing' : `landing (${m})`,
            url: inMarket(m, `${server.url}/register?${COMMON}&templateId=default`),
          })),
          ...page('site home', '/'),
          ...page('screen A', BENCH_SCREEN_A_PATH).slice(0, 1),
          { label: 'screen A plain', url: `${server.url}/plain-a/index.html?${COMMON}&token={token}`, reference: true },
        ],
        lhRuns,
        log,
        join(resultsDir, 'lighthouse'),
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (only.has('server')) {
  await section('server', async () =>
    (await import('./server/server-bench.js')).serverBench({
      duration,
      rounds,
      staticDir: built ? appDir : undefined,
      targets: [
        { label: 'boot bundle', path: '/config/v1/bundle?market=ID' },
        { label: 'screen', path: '/config/v1/screens/complaint-entry' },
      ],
    }),
  );
}

if ((only.has('server') || only.has('ssr')) && built) {
  await section('server', async () =>
    (await import('./server/ssr-bench.js')).ssrBench({ duration, rounds, staticDir: appDir, log }),
  );
}

if (only.has('server') || only.has('store')) {
  await section('server', async () => (await import('./server/store-bench.js')).storeBench({ duration, rounds }));
}

if (only.has('server') || only.has('experiment')) {
  await section('server', async () =>
    (await import('./server/experiment-bench.js')).experimentBench({ duration, rounds }),
  );
}
if (only.has('server') || only.has('release')) {
  await section('server', async () => (await import('./server/release-bench.js')).releaseBench({ duration, rounds }));
}

if (only.has('server') || only.has('live')) {
  const streams = Number(process.env.LIVE_BENCH_STREAMS ?? 10_000);
  await section('server', async () =>
    (await import('./server/live-bench.js')).liveBench({ duration, rounds, streams }),
  );
}

if (only.has('documents')) {
  await section('documents', async () => (await import('./documents/documents-bench.js')).documentsBench());
}

const table = formatTable(rows);
console.log(table);
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const result = {
  at: new Date().toISOString(),
  commit,
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  settings: { only: [...only], runs, duration, rounds },
  rows,
};
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${result.at.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
writeFileSync(join(resultsDir, 'latest.json'), JSON.stringify(result, null, 2));
writeFileSync(
  join(resultsDir, 'latest.md'),
  `Run ${result.at}, commit ${commit}, ${result.cpus}× ${result.cpuModel}, node ${process.version}, runs ${runs}, autocannon ${rounds} × ${duration} s\n\n${formatMarkdown(rows)}\n`,
);
log(`[bench] wrote ${file}`);
process.exit(0);
