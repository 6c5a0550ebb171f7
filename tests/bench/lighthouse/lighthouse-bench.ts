/**
 * An external referee: Lighthouse 12 (npm `lighthouse`, pinned in package.json) on Debian's Chromium,
 * started by Lighthouse's own chrome-launcher and reached through its debugging port; the default config, i.e. the
 * mobile preset with simulated throttling (4× CPU, slow 4G), with the performance, accessibility, best-practices and
 * SEO categories. Each page is audited `runs` times, pages in turn (a slow minute of the VM is shared), and the median
 * of each figure is reported, every run's figure in the note. Budgets: performance >= 95, the first contentful paint
 * audit's score >= 0.9 (a simulated FCP of 1.8 s or less), total blocking time <= 200 ms, cumulative layout shift
 * <= 0.02; accessibility, best practices and SEO at 100 (the audits that fell short are named in the row's note).
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, row, type Budget, type Row } from '../lib/table.js';
import { executablePath } from '../render/render-bench.js';

export interface LighthousePage {
  label: string;
  /** `{token}` in it becomes a new borrower token per audit. */
  url: string;
  /** The hand-written page: measured in the same run, no budget. */
  reference?: boolean;
}

interface Audit {
  performance: number;
  tbt: number;
  cls: number;
  lcp: number;
  fcp: number;
  /** The FCP audit's own score (0-1): Lighthouse's mobile curve gives 0.9 at a simulated FCP of 1.8 s. */
  fcpScore: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Audits of the three non-performance categories that did not score 1 (`id` per failing audit). */
  failed: string[];
}

const BUDGETS = { performance: 95, fcpScore: 0.9, tbt: 200, cls: 0.02, other: 100 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function audit(port: number, url: string, save?: string): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${url})`);
  // The whole report, for reading why a figure is what it is (Lantern's graph, the requests, the chains).
  if (save) writeFileSync(save, JSON.stringify(lhr));
  const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const failed = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.score !== null && lhr.audits[r.id]?.score !== 1)
      .map((r) => r.id),
  );
  return {
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    failed,
    performance: score('performance'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    lcp: n('largest-contentful-paint'),
    fcp: n('first-contentful-paint'),
    fcpScore: lhr.audits['first-contentful-paint']?.score ?? NaN,
  };
}

/** The audits that fell short in any run, for the row's note. */
const short = (rs: Audit[]) => {
  const ids = [...new Set(rs.flatMap((a) => a.failed))];
  return ids.length ? `; short: ${ids.join(', ')}` : '';
};

/** How many of the runs missed a budget, for the notes: the budget holds for every audit, not the median alone. */
const under = (xs: number[], limit: number) => {
  const n = xs.filter((x) => !(x >= limit)).length;
  return n ? `${n} of ${xs.length} under ${limit}` : `all ${xs.length} >= ${limit}`;
};

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `saveDir`: each audit's whole report is written there as `<page>-run<n>.json` (an earlier run's are removed). */
export async function lighthouseBench(
  pages: LighthousePage[],
  runs: number,
  log: (s: string) => void,
  saveDir?: string,
): Promise<Row[]> {
  if (saveDir) {
    rmSync(saveDir, { recursive: true, force: true });
    mkdirSync(saveDir, { recursive: true });
  }
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = pages.map(() => [] as Audit[]);
  try {
    for (let i = 0; i < runs; i++) {
      for (const [k, p] of pages.entries()) {
        // Every audit a new borrower: no drawn page kept by the server answers it.
        const url = () => p.url.replaceAll('{token}', `bench-lh-${Date.now().toString(36)}-${i}`);
        // Lighthouse's own trace sometimes misses the navigation (NO_NAVSTART, "run Lighthouse again"): once more,
        // rather than losing every page's figures of the run to one bad trace.
        const save = saveDir && join(saveDir, `${slug(p.label)}-run${i + 1}.json`);
        const a = await audit(chrome.port, url(), save).catch((e: Error) => {
          if (!/run Lighthouse again/i.test(e.message)) throw e;
          log(`  lighthouse ${p.label} run ${i + 1}/${runs}: ${e.message.slice(0, 80)}; audited again`);
          return audit(chrome.port, url(), save);
        });
        results[k].push(a);
        log(
          `  lighthouse ${p.label} run ${i + 1}/${runs}: performance ${a.performance}, TBT ${a.tbt.toFixed(0)} ms, CLS ${a.cls.toFixed(3)}, LCP ${a.lcp.toFixed(0)} ms, FCP ${a.fcp.toFixed(0)} ms (score ${a.fcpScore}); accessibility ${a.accessibility}, best practices ${a.bestPractices}, SEO ${a.seo}${a.failed.length ? ` (short: ${a.failed.join(', ')})` : ''}`,
        );
      }
    }
  } finally {
    await chrome.kill();
  }
  const rows: Row[] = [];
  for (const [k, p] of pages.entries()) {
    const rs = results[k];
    const list = (f: (a: Audit) => number, d: number) => rs.map((a) => f(a).toFixed(d)).join(', ');
    const fcpScores = `[${list((a) => a.fcpScore, 2)}]`;
    const note = `median of ${rs.length} Lighthouse 12 runs (mobile, simulated throttling) [${list((a) => a.performance, 0)}], ${under(
      rs.map((a) => a.performance),
      BUDGETS.performance,
    )}; FCP audit score ${fcpScores}; TBT [${list((a) => a.tbt, 0)}] ms; CLS [${list((a) => a.cls, 3)}]; LCP ${median(rs.map((a) => a.lcp)).toFixed(0)} ms, FCP ${median(rs.map((a) => a.fcp)).toFixed(0)} ms`;
    const who = p.reference ? `${p.label} (hand-written reference)` : p.label;
    // The reference page's rows are for comparison only: no budget.
    const gated = (name: string, value: number, unit: string, budget: Budget, note?: string) =>
      row('render', `lighthouse ${who}: ${name}`, value, unit, p.reference ? undefined : budget, note);
    rows.push(
      gated('performance', median(rs.map((a) => a.performance)), '', { op: '>=', limit: BUDGETS.performance }, note),
      gated(
        'FCP audit score',
        median(rs.map((a) => a.fcpScore)),
        '',
        { op: '>=', limit: BUDGETS.fcpScore },
        `scores ${fcpScores}, ${under(
          rs.map((a) => a.fcpScore),
          BUDGETS.fcpScore,
        )}; simulated FCP [${list((a) => a.fcp, 0)}] ms`,
      ),
      gated('total blocking time', median(rs.map((a) => a.tbt)), 'ms', { op: '<=', limit: BUDGETS.tbt }),
      // Three decimals, as Lighthouse shows it.
      gated('cumulative layout shift', Math.round(median(rs.map((a) => a.cls)) * 1000) / 1000, '', {
        op: '<=',
        limit: BUDGETS.cls,
      }),
      ...(
        [
          ['accessibility', (a: Audit) => a.accessibility],
          ['best practices', (a: Audit) => a.bestPractices],
          ['SEO', (a: Audit) => a.seo],
        ] as const
      ).map(([name, f]) =>
        gated(name, median(rs.map(f)), '', { op: '>=', limit: BUDGETS.other }, `[${list(f, 0)}]${short(rs)}`),
      ),
    );
  }
  return rows;
}
