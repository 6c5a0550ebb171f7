/**
 * Section 2: navigation start → screen visible, ours vs a hand-written React page, in headless
 * Chromium with calibrated CPU throttling (a phone about 4× slower than this VM at its usual speed; see
 * cpu-calibration.ts) and a slow-mobile network. Each run is a fresh browser context
 * (empty cache: cold), then the same page navigated again (cached assets and config: warm).
 * Apps alternate A,B / B,A per run so machine drift hits both alike, and scenarios take turns run by run;
 * the median of the per-run ratios is compared.
 */
import { chromium, type Browser, type CDPSession, type ConsoleMessage, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { PROBE_REPORT, probeScript, type ProbeResult } from './page-probe.js';
import { median, row, type Row } from '../lib/table.js';
import { CpuCalibrator } from './cpu-calibration.js';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
/** Lighthouse's slow-4G profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };

export interface Scenario {
  label: string;
  /** Full URLs of the two pages. */
  ours: string;
  /** The hand-written page with react-router + axios (only complaint entry and the list have one). */
  baseline?: string;
  /** The plain hand-written page (react + react-dom + fetch only): the floor of issue 17. */
  plain?: string;
  /** Texts that are all on the page once the content is visible. */
  needles: string[];
  /**
   * Also measure what the cold load costs the phone (issue 38): JS bytes transferred until the network is idle,
   * and the JS heap after a GC. Adds a few seconds per run (the wait for an idle network).
   */
  loadCost?: boolean;
  /** Budgets against the plain page where this scenario's differ from issue 17's (PLAIN_BUDGETS). */
  plainBudgets?: Partial<typeof PLAIN_BUDGETS>;
}

/** What a cold load cost: JS body bytes as served (gzip/br, CDP encodedDataLength minus headers) and heap. */
export interface LoadCost {
  jsBytes: number;
  /** Each script fetched, `path bytes` (the per-run log and the note: which chunks). */
  scripts: string[];
  /** JSHeapUsedSize after HeapProfiler.collectGarbage, once the network was idle. */
  heapBytes: number;
  /** Every request made after the load event (its path), for the log. */
  afterLoad: string[];
}

type Sample = { cold: ProbeResult; warm: ProbeResult; cost?: LoadCost };

/** Issue 38: the network counts as idle once nothing was in flight for this long after the load event. */
export const IDLE_QUIET_MS = 3000;
/** Past this after the content is visible, the idle wait gives up (and the sample still counts what it saw). */
const IDLE_CAP_MS = 20_000;
/** Issue 38's budgets for ours: JS over the whole first load, gzip as served, and the heap after load. */
const LOAD_BUDGETS = { jsBytes: 125 * 1024, heapBytes: 3 * 1024 * 1024 };

/** Issue 17's budgets against the plain page: content visible cold / warm, first contentful paint cold. */
const PLAIN_BUDGETS = { contentCold: 0.8, contentWarm: 0.9, fcpCold: 0.6 };

export function executablePath(): string {
  const found = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found at /usr/bin/chromium: apt-get install -y chromium');
  return found;
}

/** The probe's one report from the page's next document (a console message: nothing is evaluated in the page). */
function nextReport(page: Page, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const onConsole = (m: ConsoleMessage) => {
      const text = m.text();
      if (!text.startsWith(PROBE_REPORT)) return;
      stop();
      resolve(JSON.parse(text.slice(PROBE_REPORT.length)) as ProbeResult);
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no probe report from ${page.url()} within ${timeoutMs} ms (not every expected text appeared)`));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      page.off('console', onConsole);
    };
    page.on('console', onConsole);
  });
}

/**
 * Watches one page's network through CDP: every script's body bytes as transferred, requests in flight, and
 * when the network was last busy, so a cold load can be followed until it is idle.
 */
export function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, { url: string; js: boolean; headerBytes: number }>();
  let inFlight = 0;
  let lastActivity = Date.now();
  let loadedAt: number | null = null;
  const scripts: { url: string; bytes: number }[] = [];
  const afterLoad: string[] = [];
  const done = (id: string) => {
    if (!requests.has(id)) return;
    requests.delete(id);
    inFlight--;
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    if (!requests.has(e.requestId)) inFlight++;
    requests.set(e.requestId, { url: e.request.url, js: e.type === 'Script', headerBytes: 0 });
    lastActivity = Date.now();
    if (loadedAt !== null) afterLoad.push(`${Date.now() - loadedAt} ms ${e.request.method} ${new URL(e.request.url).pathname}`);
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.js ||= e.type === 'Script' || /javascript/.test(e.response.mimeType);
    r.headerBytes = e.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r?.js) scripts.push({ url: r.url, bytes: e.encodedDataLength - r.headerBytes });
    done(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));
  return {
    loaded: () => void (loadedAt ??= Date.now()),
    /** Resolves once nothing was in flight for `quietMs` (or after `capMs`). */
    async idle(quietMs: number, capMs: number) {
      const stopAt = Date.now() + capMs;
      while (Date.now() < stopAt && (inFlight > 0 || Date.now() - lastActivity < quietMs)) await new Promise((r) => setTimeout(r, 100));
    },
    scripts,
    afterLoad,
  };
}

export async function loadCost(page: Page, cdp: CDPSession, net: ReturnType<typeof watchNetwork>): Promise<LoadCost> {
  await page.waitForLoadState('load', { timeout: 60_000 });
  net.loaded();
  await net.idle(IDLE_QUIET_MS, IDLE_CAP_MS);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.send('Performance.disable');
  const heapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  const scripts = net.scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes}`);
  return { jsBytes: net.scripts.reduce((a, s) => a + s.bytes, 0), scripts, heapBytes, afterLoad: [...net.afterLoad] };
}

/**
 * A fresh context as the bench's phone (360×740 at 2×, touch) with the probe looking for `needles`, its page and a CDP
 * session on it, on the slow network and at the calibrated CPU `rate`. Close `context` when done.
 */
export async function openProbedPage(browser: Browser, rate: number, needles: string[]) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true });
  await context.addInitScript({ content: probeScript(needles) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page, cdp };
}

async function measure(browser: Browser, cpu: CpuCalibrator, url: string, needles: string[], withCost = false): Promise<Sample> {
  const { context, page, cdp } = await openProbedPage(browser, await cpu.calibrate(), needles);
  try {
    const net = withCost ? watchNetwork(cdp) : null;
    const once = async (): Promise<ProbeResult> => {
      // Via about:blank: a goto that differs only by #hash would be a same-document navigation, not a load.
      await page.goto('about:blank');
      const reported = nextReport(page, 60_000);
      // A failed goto is the error to report; the pending report must not become an unhandled rejection.
      reported.catch(() => {});
      // The cold load's load event starts the list of requests made after it (the warm one's is not watched).
      if (net) page.once('load', () => net.loaded());
      await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      return reported;
    };
    const cold = await once();
    // The cold load's cost: every script until the network is idle, then the heap (before the warm load starts).
    const cost = net ? await loadCost(page, cdp, net) : undefined;
    const warm = await once();
    return { cold, warm, cost };
  } finally {
    await context.close();
  }
}

const ms = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
/** One side's content-visible time of its last run, for the per-run log line. */
const shown = (x: Sample | undefined, phase: 'cold' | 'warm') => x?.[phase].content?.toFixed(0) ?? '-';

/**
 * The budget row is the median of the per-iteration ratios: each iteration measures both apps
 * back to back, so slow drift of the machine cancels out within a pair (a ratio of the two
 * medians moved 10-11 % between otherwise identical runs). The medians of each side are in the note.
 */
function pairedRatio(ours: (number | null)[], base: (number | null)[]): { ratio: number; pairs: number } {
  const ratios = ours.flatMap((o, i) => (o !== null && base[i] != null ? [o / base[i]!] : []));
  return { ratio: median(ratios), pairs: ratios.length };
}

function plainRows(s: Scenario, ours: Sample[], plain: Sample[]): Row[] {
  const rows: Row[] = [];
  const add = (phase: 'cold' | 'warm', what: 'content' | 'fcp', limit: number | undefined) => {
    const r = pairedRatio(ours.map((x) => x[phase][what]), plain.map((x) => x[phase][what]));
    const o = median(ms(ours.map((x) => x[phase][what])));
    const p = median(ms(plain.map((x) => x[phase][what])));
    const label = what === 'fcp' ? 'first contentful paint' : 'content visible';
    rows.push(row('render', `${s.label} ${phase}: ${label} ours / plain react+fetch`, r.ratio, 'x', limit === undefined ? undefined : { op: '<=', limit },
      `median of ${r.pairs} paired ratios; medians ours ${o.toFixed(0)} ms, plain ${p.toFixed(0)} ms`));
  };
  const budgets = { ...PLAIN_BUDGETS, ...s.plainBudgets };
  add('cold', 'content', budgets.contentCold);
  add('cold', 'fcp', budgets.fcpCold);
  add('warm', 'content', budgets.contentWarm);
  add('warm', 'fcp', undefined);
  return rows;
}

function rowsFor(s: Scenario, ours: Sample[], base: Sample[]): Row[] {
  const rows: Row[] = [];
  for (const phase of ['cold', 'warm'] as const) {
    const content = pairedRatio(ours.map((x) => x[phase].content), base.map((x) => x[phase].content));
    const oc = median(ms(ours.map((x) => x[phase].content)));
    const bc = median(ms(base.map((x) => x[phase].content)));
    rows.push(row('render', `${s.label} ${phase}: content visible ours / hand-written`, content.ratio, 'x', { op: '<=', limit: 1.15 },
      `median of ${content.pairs} paired ratios; medians ours ${oc.toFixed(0)} ms, hand-written ${bc.toFixed(0)} ms`));
    const mark = pairedRatio(ours.map((x) => x[phase].mark), base.map((x) => x[phase].mark));
    const om = ms(ours.map((x) => x[phase].mark));
    const bm = ms(base.map((x) => x[phase].mark));
    rows.push(row('render', `${s.label} ${phase}: sdui:screen-visible mark ours / hand-written`, mark.ratio, 'x', undefined,
      `median of ${mark.pairs} paired ratios; ours ${median(om).toFixed(0)} ms (${om.length}/${ours.length} runs set it), hand-written ${median(bm).toFixed(0)} ms`));
  }
  return rows;
}

const spread = (xs: number[], f: (x: number) => string) => `${f(median(xs))} [${f(Math.min(...xs))}-${f(Math.max(...xs))}]`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;

/**
 * Issue 38's two rows per app: JS transferred over the whole cold load (every script until the network was idle
 * IDLE_QUIET_MS after the load event) and the JS heap after it. Budgets on ours; the plain page's are the reference.
 */
function costRows(s: Scenario, side: 'ours' | 'plain', samples: Sample[]): Row[] {
  const costs = samples.flatMap((x) => (x.cost ? [x.cost] : []));
  if (!costs.length) return [];
  const js = costs.map((c) => c.jsBytes);
  const heap = costs.map((c) => c.heapBytes).filter(Number.isFinite);
  // Which chunks: the scripts of the run whose total is the median (the first such run).
  const typical = costs.find((c) => c.jsBytes === median(js)) ?? costs[0];
  const after = costs.map((c) => c.afterLoad.length);
  const who = side === 'ours' ? 'ours' : 'plain react+fetch';
  return [
    row('render', `${s.label} cold: JS transferred over the load, ${who}`, median(js), 'B', side === 'ours' ? { op: '<=', limit: LOAD_BUDGETS.jsBytes } : undefined,
      `median [min-max] of ${js.length} cold loads ${spread(js, kb)}, every script until the network was idle ${IDLE_QUIET_MS / 1000} s after load, bytes as served; requests after load per run: ${spread(after, String)}; scripts (bytes): ${typical.scripts.join(', ')}`),
    row('render', `${s.label} cold: JS heap after load, ${who}`, heap.length ? median(heap) / 1024 / 1024 : null, 'MB', side === 'ours' ? { op: '<=', limit: LOAD_BUDGETS.heapBytes / 1024 / 1024 } : undefined,
      `median [min-max] of ${heap.length} ${spread(heap, mb)}, JSHeapUsedSize after HeapProfiler.collectGarbage once the network was idle`),
  ];
}

/** Unrecorded rounds of every scenario and app before the first recorded one (see renderBench). */
const WARMUP_ROUNDS = 2;

export async function renderBench(scenarios: Scenario[], runs: number, log: (s: string) => void): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS, headless: true });
  const rows: Row[] = [];
  const samples = scenarios.map(() => ({ ours: [] as Sample[], base: [] as Sample[], plain: [] as Sample[] }));
  const cpu = new CpuCalibrator(browser);
  const run = (url: string, needles: string[], withCost = false) => measure(browser, cpu, url, needles, withCost);
  try {
    // Unrecorded rounds first, of every scenario: the server's, the OS's and Chromium's caches are then warm for
    // every side. With one such round per scenario, the first scenario measured (complaint entry) moved 11-13 %
    // between runs of the same code (runs G/H, K/L, O/P) while the later ones held.
    for (let w = 0; w < WARMUP_ROUNDS; w++) {
      for (const s of scenarios) for (const url of [s.ours, s.baseline, s.plain]) if (url) await run(url, s.needles);
    }
    // Scenarios interleaved, one round of each in turn: a slow few minutes of the machine is then shared by
    // every row instead of landing on the one scenario measured during them.
    for (let i = 0; i < runs; i++) {
      for (const [k, s] of scenarios.entries()) {
        const { ours, base, plain } = samples[k];
        const order = i % 2 === 0 ? (['ours', 'base', 'plain'] as const) : (['plain', 'base', 'ours'] as const);
        for (const who of order) {
          if (who === 'ours') ours.push(await run(s.ours, s.needles, s.loadCost));
          else if (who === 'base') {
            if (s.baseline) base.push(await run(s.baseline, s.needles));
          }
          else if (s.plain) plain.push(await run(s.plain, s.needles, s.loadCost));
        }
        if (s.loadCost) {
          for (const [who, x] of [['ours', ours.at(-1)], ['plain', plain.at(-1)]] as const) {
            if (!x?.cost) continue;
            log(`  ${s.label} run ${i + 1}/${runs}: ${who} FCP ${x.cold.fcp?.toFixed(0) ?? '-'} ms, JS ${kb(x.cost.jsBytes)} in ${x.cost.scripts.length} scripts, heap ${mb(x.cost.heapBytes)}; after load: ${x.cost.afterLoad.join(', ') || 'nothing'}`);
          }
        }
        for (const phase of ['cold', 'warm'] as const) {
          log(`  ${s.label} run ${i + 1}/${runs}: ${phase} content ours ${shown(ours.at(-1), phase)} ms, hand-written ${shown(base.at(-1), phase)} ms, plain ${shown(plain.at(-1), phase)} ms; CPU ×${cpu.rates.at(-1)!.toFixed(2)}`);
        }
      }
    }
    for (const [k, s] of scenarios.entries()) {
      const { ours, base, plain } = samples[k];
      if (s.baseline) rows.push(...rowsFor(s, ours, base));
      if (s.plain) rows.push(...plainRows(s, ours, plain));
      if (s.loadCost) rows.push(...costRows(s, 'ours', ours), ...costRows(s, 'plain', plain));
    }
    // The rates show how fast the VM was: a run that needed lower rates ran on a slower VM.
    const { note, steady } = cpu.summary();
    if (!steady) log(`  ${note}`);
    return rows.map((r) => ({ ...r, note: r.note ? `${r.note}; ${note}` : note }));
  } finally {
    await cpu.close();
    await browser.close();
  }
}
