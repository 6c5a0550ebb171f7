/**
 * The results of a long experiment: each day's figures (the picture over time) are the counts up to that day's end,
 * and a year of them with many goals answers in under two seconds.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT_SETTINGS } from '../experiments/experiment-settings.js';
import type { PublishedMetric } from '../published/snapshot.js';
import { DAY_MS, type ExperimentCountRows } from '../store/experiment-records.js';
import type { StoredRelease } from '../store/release-records.js';
import { experimentReport, resultsSummary } from './experiment-report.js';
import { rollingRelease } from './testing/test-release.js';

const FIRST_DAY = 20_400;
const goals = Array.from({ length: 10 }, (_, i) => `goal${i}`);
const guardrails = Array.from({ length: 10 }, (_, i) => `guardrail${i}`);
const metrics = new Map<string, PublishedMetric>(
  [...goals, ...guardrails].map((id) => [id, { id, name: id, windowHours: 72, higherIsBetter: true }]),
);
const settings = { ...DEFAULT_EXPERIMENT_SETTINGS, minDays: 7 };

const at = new Date(FIRST_DAY * DAY_MS).toISOString();
const release: StoredRelease = rollingRelease('long-one', [], {
  seed: 'seed',
  experiment: { goals, guardrails },
  createdAt: at,
  createdBy: 'ops',
  updatedAt: at,
  updatedBy: 'ops',
});

/** Counts as the store groups them: per arm, market and day, goal hits also per metric and source. */
function countRows(days: number): ExperimentCountRows {
  const rows: ExperimentCountRows = { exposures: [], hits: [] };
  for (let d = 0; d < days; d++)
    for (const market of ['', 'ID', 'IN'])
      for (const arm of ['base', 'candidate'] as const) {
        const day = FIRST_DAY + d;
        // Uneven from day to day and arm to arm, so a day's figures differ from the next day's.
        rows.exposures.push({ arm, market, day, n: 300 + ((d * 7 + (arm === 'base' ? 0 : 13)) % 50) });
        for (const [i, metric] of [...goals, ...guardrails].entries())
          for (const source of ['backend', 'app'] as const)
            rows.hits.push({ metric, source, arm, market, day, n: 40 + ((d + i * 3 + (arm === 'base' ? 0 : 5)) % 20) });
      }
  // Shuffled, as the database returns them in no particular order.
  rows.hits.reverse();
  return rows;
}

describe('experiment report over many days', () => {
  it("gives each day the figures of the counts up to that day's end", () => {
    const rows = countRows(20);
    const now = (FIRST_DAY + 20) * DAY_MS;
    const report = experimentReport(release, rows, metrics, settings, now);
    expect(report.days.map((d) => d.day)).toEqual(
      Array.from({ length: 20 }, (_, d) => new Date((FIRST_DAY + d) * DAY_MS).toISOString().slice(0, 10)),
    );
    for (const [i, day] of report.days.entries()) {
      const cut = {
        exposures: rows.exposures.filter((r) => r.day <= FIRST_DAY + i),
        hits: rows.hits.filter((r) => r.day <= FIRST_DAY + i),
      };
      const thatDay = experimentReport(release, cut, metrics, settings, (FIRST_DAY + i + 1) * DAY_MS);
      expect(day.exposures).toEqual(thatDay.exposures);
      expect(day.goals).toEqual(
        thatDay.goals.map(({ metric, base, candidate, lift, verdict }) => ({ metric, base, candidate, lift, verdict })),
      );
    }
    expect(report.days.at(-1)!.goals[0].verdict).not.toBe('not-enough-data');
  });

  it('answers a year of 20 goals and guardrails in 3 markets in under two seconds', () => {
    const rows = countRows(365);
    const now = (FIRST_DAY + 365) * DAY_MS;
    experimentReport(release, countRows(3), metrics, settings, now);
    const started = performance.now();
    const report = experimentReport(release, rows, metrics, settings, now);
    const took = performance.now() - started;
    expect(report.days).toHaveLength(365);
    // Measured on a loaded 2-core machine: 0.2-0.5 s; tallying every row again for each day took 5.6-5.9 s.
    expect(took).toBeLessThan(2000);
  });

  it('names the method of every figure it judges, with the error rates it judged at', () => {
    const report = experimentReport(release, countRows(2), metrics, settings, (FIRST_DAY + 2) * DAY_MS);
    expect(report.settings).toMatchObject({ alpha: 0.05, srmAlpha: 0.001 });
    expect(report.method).toMatch(/delta method/);
    expect(report.method).toMatch(/95 % always-valid interval and p by GrowthBook's sequential test/);
    expect(report.method).toMatch(/arXiv:2103\.06476, tuned at 5,000 borrowers/);
    expect(report.method).toMatch(/Pearson's chi-square .* below p = 0\.001/);
  });

  it("audits a decision's lift as the verdict reads it: an interval end that decided it is not written 0.0 %", () => {
    const one = { ...release, experiment: { goals: ['goal0'], guardrails: [] } };
    const rows: ExperimentCountRows = { exposures: [], hits: [] };
    for (const [arm, exposed, converted] of [
      ['base', 2000, 303],
      ['candidate', 2000, 385],
    ] as const) {
      rows.exposures.push({ arm, market: 'ID', day: FIRST_DAY, n: exposed });
      rows.hits.push({ metric: 'goal0', source: 'backend', arm, market: 'ID', day: FIRST_DAY, n: converted });
    }
    const report = experimentReport(one, rows, metrics, settings, (FIRST_DAY + 8) * DAY_MS);
    const [g] = report.goals;
    expect(g.verdict).toBe('candidate-better');
    expect(g.lift.low!).toBeGreaterThan(0);
    expect(g.lift.low!).toBeLessThan(0.0005);
    const summary = resultsSummary(report);
    expect(summary).toMatch(
      /goal0 base 303\/2000 \(15\.2 %\), candidate 385\/2000 \(19\.3 %\), lift \+27 % \[\+0\.0\d+ %, \+54 %\], candidate-better/,
    );
    expect(summary).not.toMatch(/\[0\.0 %/);
  });
});
