import type pg from 'pg';
import { PgDb } from './pg-db.js';
import { decisions } from './decisions/decisions.js';
import { releasesOfFresh } from './decisions/view-decision.js';
import * as tr from './telemetry-records.js';

/**
 * Borrowers' page telemetry in the shared PostgreSQL database (telemetry-records.ts): every replica adds to the same
 * rows and every replica's guard reads the same sums. A batch is two statements in one transaction, its rows in key
 * order (tr.normaliseBatch), so concurrent beacons touching the same rows queue instead of deadlocking.
 */
export class PgTelemetryStore implements tr.TelemetryStore {
  private readonly db: PgDb;

  constructor(pool: pg.Pool) {
    this.db = new PgDb(pool);
  }

  async add(batch: tr.TelemetryBatch, ticketed?: tr.TicketedViews) {
    if (!batch.counts.length && !batch.bins.length && !ticketed?.views.length) return;
    const col = <T, K extends keyof T>(rows: T[], k: K) => rows.map((r) => r[k]);
    await this.db.tx(async (client) => {
      const all: tr.TelemetryBatch = { counts: [...batch.counts], bins: [...batch.bins] };
      if (ticketed?.views.length) await this.admit(client, ticketed, all);
      const { counts, bins } = tr.normaliseBatch(all);
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
          [
            col(bins, 'release'),
            col(bins, 'arm'),
            col(bins, 'screen'),
            col(bins, 'metric'),
            col(bins, 'bin'),
            col(bins, 'n'),
          ],
        );
      }
    });
  }

  /**
   * Claims the beacon's view ids (a concurrent claim of the same id waits for this transaction, then finds it taken)
   * and counts the new ones within the address's caps, its rows locked in release order for the transaction.
   */
  private async admit(client: pg.PoolClient, t: tr.TicketedViews, out: tr.TelemetryBatch) {
    await client.query('DELETE FROM telemetry_views WHERE expires_at < $1', [t.now]);
    const views = [...new Map(t.views.map((v) => [v.view, v])).values()].sort((a, b) => (a.view < b.view ? -1 : 1));
    const { rows: claimed } = await client.query<{ view_id: string }>(
      `INSERT INTO telemetry_views (view_id, expires_at) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (view_id) DO NOTHING RETURNING view_id`,
      [views.map((v) => v.view), views.map((v) => v.expiresAt)],
    );
    const fresh = new Set(claimed.map((r) => r.view_id));
    const releases = releasesOfFresh(t, fresh);
    if (!releases.length) return;
    await client.query(
      `INSERT INTO telemetry_addresses (release_id, address, views, errors) SELECT r, $2, 0, 0 FROM unnest($1::text[]) r
       ON CONFLICT (release_id, address) DO NOTHING`,
      [releases, t.address],
    );
    const { rows } = await client.query<{ release_id: string; views: number; errors: number }>(
      `SELECT release_id, views, errors FROM telemetry_addresses WHERE address = $1 AND release_id = ANY($2::text[])
       ORDER BY release_id COLLATE "C" FOR UPDATE`,
      [t.address, releases],
    );
    const before = new Map<string, tr.AddressUse>(
      rows.map((r) => [r.release_id, { views: r.views, errors: r.errors }]),
    );
    const { batch, used } = decisions.claimViews({ ticketed: t, fresh, used: before });
    out.counts.push(...batch.counts);
    out.bins.push(...batch.bins);
    await client.query(
      `UPDATE telemetry_addresses a SET views = u.views, errors = u.errors
       FROM unnest($2::text[], $3::int[], $4::int[]) AS u (release_id, views, errors)
       WHERE a.address = $1 AND a.release_id = u.release_id`,
      [t.address, [...used.keys()], [...used.values()].map((u) => u.views), [...used.values()].map((u) => u.errors)],
    );
  }

  async sharedSecret(name: string, fresh: () => string): Promise<string> {
    await this.db.q('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      fresh(),
    ]);
    return (await this.db.q<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]))[0].value;
  }

  async figures(release: string, screens?: readonly string[]): Promise<tr.ReleaseFigures> {
    const only = screens ? ' AND screen = ANY($2)' : '';
    const args = screens ? [release, screens] : [release];
    // One statement reads both (one snapshot): a beacon never lands between the counts and the histograms.
    const rows = await this.db.q<{ t: string; arm: string; metric: string; bin: number; n: string }>(
      `SELECT * FROM (
         SELECT 'c' AS t, arm, metric, -1 AS bin, SUM(n)::text AS n FROM telemetry_counts WHERE release_id = $1${only} GROUP BY arm, metric
         UNION ALL
         SELECT 'b', arm, metric, bin, SUM(n)::text FROM telemetry_bins WHERE release_id = $1${only} GROUP BY arm, metric, bin
       ) f ORDER BY t, arm COLLATE "C", metric COLLATE "C", bin`,
      args,
    );
    const out: tr.ReleaseFigures = { counts: [], bins: [] };
    for (const r of rows) {
      if (r.t === 'c')
        out.counts.push({ arm: r.arm as tr.ReleaseFigures['counts'][number]['arm'], metric: r.metric, n: Number(r.n) });
      else
        out.bins.push({
          arm: r.arm as tr.ReleaseFigures['bins'][number]['arm'],
          metric: r.metric as tr.TimingMetric,
          bin: r.bin,
          n: Number(r.n),
        });
    }
    return out;
  }
}
