/**
 * A repeat visit against the same page's first visit, paired: each pair is a fresh phone (browser context) that opens
 * the page once (a first visit: nothing cached, no worker), waits until the offline worker is installed and keeps the
 * page (renderer/worker/README.md: registered after load, at an idle moment, then the page drawn once more to keep),
 * then opens the same URL again: the repeat visit. Content visible of both, from navigation start, by the same probe
 * as the render rows, at the same phone (4× CPU, NETWORK). The row is the median of the per-pair ratios; the note says
 * how many repeat visits the worker answered from the phone (the page's `sdui-kept` mark) and each side's median.
 */
import type { Browser, Page } from 'playwright-core';
import { median, row, type Row } from '../lib/table.js';
import { CpuDriftCheck } from './cpu-calibration.js';
import { PROBE_CAP_MS, type ProbeResult } from './page-probe.js';
import { openProbedPage, nextReport, TOKEN } from './render-bench.js';
import { spread } from './render-rows.js';

export interface RepeatScenario {
  label: string;
  /** The page's URL; TOKEN becomes a new borrower per pair. */
  url: string;
  needles: string[];
}

/** A repeat visit's content visible at most this share of the first visit's. */
export const REPEAT_BUDGET = 0.35;
/** A pair whose VM drifted is measured again, at most this many times. */
const MAX_REDO = 2;
/** The worker installs over the slow network at 4× CPU, after the first visit's idle moment. */
const KEEP_WAIT_MS = 90_000;

interface Pair {
  first: number | null;
  repeat: number | null;
  /** The first frame painted once content was visible, each visit (page-probe.ts `painted`). */
  firstPainted?: number | null;
  repeatPainted?: number | null;
  kept: boolean;
  /** The repeat visit's worker start / fetch start / response start / response end / DOM interactive, ms. */
  timing?: string;
}

const keptUrls = (page: Page) =>
  page.evaluate(() =>
    caches
      .open('sdui-pages')
      .then((c) => c.keys())
      .then((k) => k.map((r) => r.url)),
  );

async function visit(page: Page, url: string): Promise<ProbeResult> {
  // Via about:blank, as the render rows: every visit is a document load of its own.
  await page.goto('about:blank');
  const reported = nextReport(page, 60_000 + PROBE_CAP_MS);
  reported.catch(() => {});
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  return reported;
}

let seq = 0;
async function pair(browser: Browser, s: RepeatScenario): Promise<Pair> {
  const url = s.url.replaceAll(TOKEN, `bench-repeat-${process.pid}-${Date.now().toString(36)}-${++seq}`);
  const { context, page } = await openProbedPage(browser, s.needles);
  try {
    const first = await visit(page, url);
    const until = Date.now() + KEEP_WAIT_MS;
    while (!(await keptUrls(page)).includes(url)) {
      if (Date.now() > until) throw new Error(`${s.label}: the worker kept no page within ${KEEP_WAIT_MS / 1000} s`);
      await page.waitForTimeout(250);
    }
    const repeat = await visit(page, url);
    const kept = (await page.locator('meta[name="sdui-kept"]').count()) > 0;
    // Where a repeat visit's time goes: the worker's start, its answer, the document's end (ms from navigation start).
    const timing = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return [n.workerStart, n.fetchStart, n.responseStart, n.responseEnd, n.domInteractive].map((x) => x.toFixed(0));
    });
    return {
      first: first.content,
      repeat: repeat.content,
      firstPainted: first.painted,
      repeatPainted: repeat.painted,
      kept,
      timing: timing.join('/'),
    };
  } finally {
    await context.close();
  }
}

export async function repeatVisitBench(
  browser: Browser,
  scenarios: RepeatScenario[],
  pairs: number,
  log: (s: string) => void,
): Promise<Row[]> {
  const cpu = new CpuDriftCheck(browser);
  const rows: Row[] = [];
  const all = scenarios.map(() => [] as Pair[]);
  try {
    // Pairs of the scenarios in turn, as the render rows: a slow stretch of the machine is shared by all.
    for (let i = 0; i < pairs; i++) {
      for (const [k, s] of scenarios.entries()) {
        let p!: Pair;
        for (let attempt = 0; attempt <= MAX_REDO; attempt++) {
          const before = await cpu.steady();
          p = await pair(browser, s);
          const after = await cpu.steady();
          if ((before && after) || attempt === MAX_REDO) break;
          cpu.rejected++;
          log(`  ${s.label} pair ${i + 1}/${pairs}: the VM's speed drifted over the pair, measuring it again`);
        }
        all[k].push(p);
        log(
          `  ${s.label} pair ${i + 1}/${pairs}: first visit content ${p.first?.toFixed(0) ?? '-'} ms (painted ${p.firstPainted?.toFixed(0) ?? '-'}), repeat ${p.repeat?.toFixed(0) ?? '-'} ms (painted ${p.repeatPainted?.toFixed(0) ?? '-'}; ${p.kept ? 'from the phone' : 'from the network'}; worker/fetch/response/end/interactive ${p.timing} ms)`,
        );
      }
    }
    const { note: cpuNote, steady } = cpu.summary();
    if (!steady) log(`  ${cpuNote}`);
    for (const [k, s] of scenarios.entries()) {
      const ps = all[k].filter((p) => p.first !== null && p.repeat !== null && p.first > 0);
      const ratios = ps.map((p) => p.repeat! / p.first!);
      const kept = all[k].filter((p) => p.kept).length;
      // The row's figure is content visible (the render rows' rule); the first frame painted after it is said too.
      const pp = all[k].filter((p) => p.firstPainted != null && p.repeatPainted != null && p.firstPainted > 0);
      const painted = pp.length
        ? `; first frame painted with it: ${median(pp.map((p) => p.repeatPainted! / p.firstPainted!)).toFixed(2)}× ` +
          `(first ${median(pp.map((p) => p.firstPainted!)).toFixed(0)} ms, repeat ${median(pp.map((p) => p.repeatPainted!)).toFixed(0)} ms)`
        : '';
      const note =
        `${spread(ratios, (x) => x.toFixed(2))}, ${ps.length} pairs; first visit ${median(ps.map((p) => p.first!)).toFixed(0)} ms, ` +
        `repeat ${median(ps.map((p) => p.repeat!)).toFixed(0)} ms${painted}; ${kept} of ${all[k].length} repeat visits painted from the phone; ${cpuNote}`;
      rows.push(
        row(
          'render',
          `${s.label}: repeat visit content visible / first visit's (worker)`,
          ratios.length ? median(ratios) : null,
          'x',
          { op: '<=', limit: REPEAT_BUDGET },
          note,
        ),
      );
    }
    return rows;
  } finally {
    await cpu.close();
  }
}
