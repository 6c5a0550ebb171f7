import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../project-root.js';
import { openapiDocument } from '../openapi/document.js';
import {
  BEACON_METRICS,
  COLUMN_METRICS,
  GUARDED_METRICS,
  RELEASE_METRICS,
  statKey,
  TIMING_METRICS,
  type MetricEntry,
} from '../../schemas/release-metrics.js';
import { armFiguresOf, armStats } from './release-stats.js';
import { DEFAULT_RULE, verdictMetric } from './guard-rule.js';

const beaconScreen = JSON.parse(readFileSync(fromRoot('schemas/beacon.json'), 'utf8')).properties.screens.items as {
  properties: Record<string, { type: string }>;
};

describe('the metric catalog', () => {
  it('names exactly the metrics the beacon schema carries, each in the form the schema gives it', () => {
    const inSchema = Object.keys(beaconScreen.properties).filter((k) => k !== 'screen' && k !== 'ticket');
    expect([...BEACON_METRICS].sort()).toEqual(inSchema.sort());
    const form = { count: 'integer', 'count-by-endpoint': 'object', timings: 'array' };
    for (const id of BEACON_METRICS) {
      const m: MetricEntry = RELEASE_METRICS[id];
      expect([id, beaconScreen.properties[id].type]).toEqual([id, form[m.beacon!]]);
    }
  });

  it('gives the guard a way to judge each judged metric, and each a distinct verdict name', () => {
    expect(Object.keys(DEFAULT_RULE.tests).sort()).toEqual([...GUARDED_METRICS].sort());
    expect(new Set(GUARDED_METRICS.map(verdictMetric)).size).toBe(GUARDED_METRICS.length);
    expect(GUARDED_METRICS.map(verdictMetric)).toEqual(['error-rate', 'p75-lcp', 'p75-inp']);
    // A timing is judged at its p75, a rate against the base's rate plus a margin.
    for (const id of GUARDED_METRICS)
      expect(DEFAULT_RULE.tests[id].test).toBe(RELEASE_METRICS[id].kind === 'timing' ? 'p75-share' : 'rate-above-base');
  });

  it('is what the admin API serves per arm: one figure per console column, from the stored sums', () => {
    const served = (openapiDocument() as { components: { schemas: { ArmStats: { properties: object } } } }).components
      .schemas.ArmStats;
    expect(Object.keys(served.properties).sort()).toEqual(COLUMN_METRICS.map(statKey).sort());
    const figures = armFiguresOf({
      counts: [
        { arm: 'candidate', metric: 'pageViews', n: 4 },
        { arm: 'candidate', metric: 'renderErrors', n: 1 },
        { arm: 'candidate', metric: 'apiFailures:problemInit', n: 1 },
        { arm: 'candidate', metric: 'serverApiFailures:problemInit', n: 7 },
      ],
      bins: TIMING_METRICS.map((metric, i) => ({ arm: 'candidate' as const, metric, bin: 10 + i, n: 3 })),
    });
    const stats = armStats(figures.candidate);
    expect(Object.keys(stats).sort()).toEqual(COLUMN_METRICS.map(statKey).sort());
    expect(stats).toMatchObject({ pageViews: 4, errors: 2, errorRate: 0.5, p75Lcp: expect.any(Number) });
    expect(stats.p75Inp).toBeGreaterThan(stats.p75Lcp!);
    expect(armStats(figures.base)).toMatchObject({ pageViews: 0, errorRate: 0, p75Lcp: null, p75Inp: null });
  });
});
