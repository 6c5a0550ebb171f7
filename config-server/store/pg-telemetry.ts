import type pg from 'pg';
import { storeError } from './pg-errors.js';
import { normaliseBatch, type ReleaseFigures, type TelemetryBatch, type TelemetryStore } from './telemetry-records.js';

/**
 * Borrowers' page telemetry in the shared PostgreSQL database (telemetry-records.ts): every replica adds to the same
 * rows and every replica's guard reads the same sums. A batch is two statements in one transaction, its rows in key
 * order (normaliseBatch), so concurrent beacons touching the same rows queue instead of deadlocking.
 */
export class PgTelemetryStore implements TelemetryStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(batch: TelemetryBatch) {
    const { counts, bins } = normaliseBatch(batch);
    if (!counts.length && !bins.length) return;
    const col = <T, K extends keyof T>(rows: T[], k: K) => rows.map((r) => r[k]);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw storeError(e);
    }
    let broken: Error | undefined;
    const onError = (e: Error) => (broken = e);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      if (counts.length) {
        await client.query(
          `INSERT INTO telemetry_counts (release_id, arm, screen, metric, n)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
           ON CONFLICT (release_id, arm, screen, metric) DO UPDATE SET n = telemetry_counts.n + excluded.n`,
          [col(counts, 'release'), col(counts, 'arm'), col(counts, 'screen'), col(counts, 'metric'), col(counts, 'n')],
        );
      }
      if (bins.length) {
        await client.query(
          `INSERT INTO telemetry_bins (release_id, arm, screen, metric, bin, n)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[])
           ON CONFLICT (release_id, arm, screen, metric, bin) DO UPDATE SET n = telemetry_bins.n + excluded.n`,
          [col(bins, 'release'), col(bins, 'arm'), col(bins, 'screen'), col(bins, 'metric'), col(bins, 'bin'), col(bins, 'n')],
        );
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch((err: Error) => (broken = err));
      throw storeError(e);
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  async figures(release: string, screens?: readonly string[]): Promise<ReleaseFigures> {
    const only = screens ? ' AND screen = ANY($2)' : '';
    const args = screens ? [release, screens] : [release];
    try {
      // One statement reads both (one snapshot): a beacon never lands between the counts and the histograms.
      const { rows } = await this.pool.query<{ t: string; arm: string; metric: string; bin: number; n: string }>(
        `SELECT * FROM (
           SELECT 'c' AS t, arm, metric, -1 AS bin, SUM(n)::text AS n FROM telemetry_counts WHERE release_id = $1${only} GROUP BY arm, metric
           UNION ALL
           SELECT 'b', arm, metric, bin, SUM(n)::text FROM telemetry_bins WHERE release_id = $1${only} GROUP BY arm, metric, bin
         ) f ORDER BY t, arm COLLATE "C", metric COLLATE "C", bin`,
        args,
      );
      const out: ReleaseFigures = { counts: [], bins: [] };
      for (const r of rows) {
        if (r.t === 'c') out.counts.push({ arm: r.arm as ReleaseFigures['counts'][number]['arm'], metric: r.metric, n: Number(r.n) });
        else out.bins.push({ arm: r.arm as ReleaseFigures['bins'][number]['arm'], metric: r.metric as 'lcp', bin: r.bin, n: Number(r.n) });
      }
      return out;
    } catch (e) {
      throw storeError(e);
    }
  }
}
