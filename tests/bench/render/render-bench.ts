/**
 * Section 2: navigation start → screen visible, ours vs hand-written React pages, in headless Chromium at a fixed 4×
 * CPU slowdown (cpu-calibration.ts: the target phone; the VM's drift only makes a round be measured again) and a
 * slow-mobile network. Each run is a fresh browser context (empty cache: a first visit, with a borrower token of its
 * own: no server page cache can answer it), then the same page loaded again (the reload row).
 * Apps alternate A,B / B,A per run so machine drift hits both alike, and scenarios take turns run by run;
 * the median of the per-run ratios is compared (render-rows.ts).
 */
import { chromium, type Browser, type CDPSession, type ConsoleMessage, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { PROBE_CAP_MS, PROBE_REPORT, PROBE_TAP, probeScript, type ProbeResult, type TapSpec } from './page-probe.js';
import type { Row } from '../lib/table.js';
import { CPU_RATE, CpuDriftCheck } from './cpu-calibration.js';
import { NETWORK, PHONE, unprobedCost } from './load-cost.js';
import {
  againstRows,
  baselineRows,
  contentSpreadRows,
  costRows,
  mainThreadRows,
  PLAIN_BUDGETS,
  plainRows,
  tapRows,
  type Sample,
} from './render-rows.js';

export { NETWORK } from './load-cost.js';
export { loadCost, watchNetwork } from './load-cost.js';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** In a scenario's URLs, replaced by a new borrower token for each first visit (its reload keeps it). */
export const TOKEN = '{token}';

export interface Scenario {
  label: string;
  /** Full URLs of the pages; TOKEN in them becomes a new token per first visit. */
  ours: string;
  /** The hand-written page with react-router + axios (only complaint entry and the list have one). */
  baseline?: string;
  /**
   * The same page served by another build of this project (`BENCH_AGAINST`: a checkout of an older commit), loaded
   * in every round beside ours: a change judged against the code before it, paired load by load, on a noisy VM.
   */
  against?: string;
  /** The plain hand-written page (react + react-dom + fetch only): the floor of. */
  plain?: string;
  /** Texts that are all on the page once the content is visible. */
  needles: string[];
  /** Also measure what the cold load costs the phone, in a load of its own with nothing injected. */
  loadCost?: boolean;
  /** Budgets against the plain page where this scenario's differ from the first budgets (PLAIN_BUDGETS), and a quiet one. */
  plainBudgets?: Partial<typeof PLAIN_BUDGETS> & { quietCold?: number };
  /** A borrower route: report its longest main-thread task against the 50 ms budget. */
  borrower?: boolean;
  /** Tap-to-effect: what to tap as soon as it shows, and what shows its effect, per side. */
  tap?: { ours: TapSpec; plain?: TapSpec };
  /** Another phone than the bench's (4× CPU, NETWORK): the low end, a cheap phone on a poor network. */
  phone?: Phone;
  /** Ours's cold content time: its median in a row, and p90 / median at most this (the spread of first visits). */
  contentSpread?: number;
}

/** A phone: CPU slowdown and network, as CDP emulates them. */
export interface Phone {
  cpu: number;
  network: typeof NETWORK;
}
/** The low end: 6× CPU, 400 ms round trip, 400 kbps down (and up). */
export const LOW_END: Phone = {
  cpu: 6,
  network: { offline: false, latency: 400, downloadThroughput: (400e3 / 8) | 0, uploadThroughput: (400e3 / 8) | 0 },
};

export function executablePath(): string {
  const found = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p));
  if (!found) throw new Error('Chromium not found at /usr/bin/chromium: apt-get install -y chromium');
  return found;
}

/** The probe's one report from the page's next document (a console message: nothing is evaluated in the page). */
export function nextReport(page: Page, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const onConsole = (m: ConsoleMessage) => {
      const text = m.text();
      if (!text.startsWith(PROBE_REPORT) || text.startsWith(PROBE_TAP)) return;
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

/** Answers the probe's request for a tap with a trusted one through CDP, at the point it names. */
function tapOnRequest(page: Page, cdp: CDPSession): void {
  page.on('console', (m) => {
    const text = m.text();
    if (!text.startsWith(PROBE_TAP)) return;
    const { x, y } = JSON.parse(text.slice(PROBE_TAP.length)) as { x: number; y: number };
    const at = { x, y, button: 'left' as const, clickCount: 1 };
    void cdp
      .send('Input.dispatchMouseEvent', { type: 'mousePressed', ...at })
      .then(() => cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...at }))
      .catch(() => {});
  });
}

/**
 * A fresh context as the bench's phone with the probe looking for `needles` (and asking for `tap`), its page and a CDP
 * session on it, on the slow network at the fixed CPU rate. Close `context` when done.
 */
export async function openProbedPage(
  browser: Browser,
  needles: string[],
  tap?: TapSpec,
  phone: Phone = { cpu: CPU_RATE, network: NETWORK },
) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: probeScript(needles, tap) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', phone.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpu });
  if (tap) tapOnRequest(page, cdp);
  return { context, page, cdp };
}

let tokens = 0;
/** A borrower token no server has seen in this bench. */
const newToken = () => `bench-${process.pid}-${Date.now().toString(36)}-${++tokens}`;

async function measure(
  browser: Browser,
  url: string,
  needles: string[],
  withCost = false,
  tap?: TapSpec,
  phone?: Phone,
): Promise<Sample> {
  const { context, page } = await openProbedPage(browser, needles, tap, phone);
  const visit = url.replaceAll(TOKEN, newToken());
  let cold: ProbeResult, warm: ProbeResult;
  try {
    const once = async (): Promise<ProbeResult> => {
      // Via about:blank: a goto that differs only by #hash would be a same-document navigation, not a load.
      await page.goto('about:blank');
      const reported = nextReport(page, 60_000 + PROBE_CAP_MS);
      // A failed goto is the error to report; the pending report must not become an unhandled rejection.
      reported.catch(() => {});
      await page.goto(visit, { waitUntil: 'commit', timeout: 60_000 });
      return reported;
    };
    cold = await once();
    warm = await once();
  } finally {
    await context.close();
  }
  // What the load costs, in another first visit with nothing injected (an injected probe is heap too).
  const cost = withCost ? await unprobedCost(browser, url.replaceAll(TOKEN, newToken())) : undefined;
  return { cold, warm, cost };
}

const shown = (x: Sample | undefined, phase: 'cold' | 'warm') => x?.[phase].content?.toFixed(0) ?? '-';

/** Unrecorded rounds of every scenario and app before the first recorded one (see renderBench). */
const WARMUP_ROUNDS = 2;
/** A round the VM drifted through is measured again, at most this many times (then kept, and counted in the note). */
const MAX_REDO = 3;

export async function renderBench(scenarios: Scenario[], runs: number, log: (s: string) => void): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS, headless: true });
  const rows: Row[] = [];
  const samples = scenarios.map(() => ({
    ours: [] as Sample[],
    against: [] as Sample[],
    base: [] as Sample[],
    plain: [] as Sample[],
  }));
  const cpu = new CpuDriftCheck(browser);
  try {
    // Unrecorded rounds first, of every scenario: the server's, the OS's and Chromium's caches are then warm for
    // every side. With one such round per scenario, the first scenario measured (complaint entry) moved 11-13 %
    // between runs of the same code (runs G/H, K/L, O/P) while the later ones held.
    for (let w = 0; w < WARMUP_ROUNDS; w++) {
      for (const s of scenarios) {
        await cpu.steady();
        for (const url of [s.ours, s.against, s.baseline, s.plain])
          if (url) await measure(browser, url, s.needles, false, undefined, s.phone);
      }
    }
    // Scenarios interleaved, one round of each in turn: a slow few minutes of the machine is then shared by
    // every row instead of landing on the one scenario measured during them.
    for (let i = 0; i < runs; i++) {
      for (const [k, s] of scenarios.entries()) {
        // The other build next to ours, on either side of it in turn.
        const order =
          i % 2 === 0
            ? (['ours', 'against', 'base', 'plain'] as const)
            : (['plain', 'base', 'against', 'ours'] as const);
        let round: Partial<Record<'ours' | 'against' | 'base' | 'plain', Sample>> = {};
        for (let attempt = 0; attempt <= MAX_REDO; attempt++) {
          const before = await cpu.steady();
          round = {};
          for (const who of order) {
            if (who === 'ours')
              round.ours = await measure(browser, s.ours, s.needles, s.loadCost, s.tap?.ours, s.phone);
            else if (who === 'against' && s.against)
              round.against = await measure(browser, s.against, s.needles, false, s.tap?.ours, s.phone);
            else if (who === 'base' && s.baseline)
              round.base = await measure(browser, s.baseline, s.needles, false, undefined, s.phone);
            else if (who === 'plain' && s.plain)
              round.plain = await measure(browser, s.plain, s.needles, s.loadCost, s.tap?.plain, s.phone);
          }
          const after = await cpu.steady();
          if ((before && after) || attempt === MAX_REDO) break;
          cpu.rejected++;
          log(`  ${s.label} run ${i + 1}/${runs}: the VM's speed drifted over the round, measuring it again`);
        }
        const { ours, against, base, plain } = samples[k];
        ours.push(round.ours!);
        if (round.against) against.push(round.against);
        if (round.base) base.push(round.base);
        if (round.plain) plain.push(round.plain);
        for (const [who, x] of [
          ['ours', round.ours],
          ['other build', round.against],
          ['plain', round.plain],
        ] as const) {
          if (!x) continue;
          const c = x.cold;
          const tap =
            c.tapAt !== null ? `, tap ${c.effectAt === null ? 'lost' : (c.effectAt - c.tapAt).toFixed(0) + ' ms'}` : '';
          const cost = x.cost
            ? `, JS ${(x.cost.jsBytes / 1024).toFixed(1)} KB, heap ${(x.cost.heapBytes / 1048576).toFixed(2)} MB`
            : '';
          log(
            `  ${s.label} run ${i + 1}/${runs} ${who}: FCP ${c.fcp?.toFixed(0) ?? '-'} content ${shown(x, 'cold')} quiet ${c.quiet?.toFixed(0) ?? '-'} ms (longest task ${c.longestTask.toFixed(0)} ms)${tap}${cost}; reload content ${shown(x, 'warm')} ms`,
          );
        }
      }
    }
    for (const [k, s] of scenarios.entries()) {
      const { ours, against, base, plain } = samples[k];
      if (s.against) rows.push(...againstRows(s.label, ours, against));
      if (s.baseline) rows.push(...baselineRows(s.label, ours, base));
      if (s.plain) rows.push(...plainRows(s.label, ours, plain, { ...PLAIN_BUDGETS, ...s.plainBudgets }));
      if (s.contentSpread !== undefined) rows.push(...contentSpreadRows(s.label, ours, s.contentSpread));
      if (s.borrower) rows.push(...mainThreadRows(s.label, ours));
      if (s.tap) rows.push(...tapRows(s.label, ours, s.tap.plain ? plain : undefined));
      if (s.loadCost) rows.push(...costRows(s.label, 'ours', ours), ...costRows(s.label, 'plain', plain));
    }
    const { note, steady } = cpu.summary();
    if (!steady) log(`  ${note}`);
    return rows.map((r) => ({ ...r, note: r.note ? `${r.note}; ${note}` : note }));
  } finally {
    await cpu.close();
    await browser.close();
  }
}
