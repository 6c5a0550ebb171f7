import type Database from 'better-sqlite3';
import {
  admitView,
  normaliseBatch,
  type AddressUse,
  type ReleaseFigures,
  type TelemetryBatch,
  type TelemetryStore,
  type TicketedViews,
} from './telemetry-records.js';

/** Borrowers' page telemetry in the same SQLite file as the documents (telemetry-records.ts). */
export class SqliteTelemetryStore implements TelemetryStore {
  private readonly addCount: Database.Statement;
  private readonly addBin: Database.Statement;
  private readonly purgeViews: Database.Statement;
  private readonly claimView: Database.Statement;
  private readonly readAddress: Database.Statement;
  private readonly writeAddress: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.addCount = db.prepare(
      `INSERT INTO telemetry_counts (release_id, arm, screen, metric, n) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (release_id, arm, screen, metric) DO UPDATE SET n = n + excluded.n`,
    );
    this.addBin = db.prepare(
      `INSERT INTO telemetry_bins (release_id, arm, screen, metric, bin, n) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (release_id, arm, screen, metric, bin) DO UPDATE SET n = n + excluded.n`,
    );
    this.purgeViews = db.prepare('DELETE FROM telemetry_views WHERE expires_at < ?');
    this.claimView = db.prepare(
      'INSERT INTO telemetry_views (view_id, expires_at) VALUES (?, ?) ON CONFLICT (view_id) DO NOTHING',
    );
    this.readAddress = db.prepare('SELECT views, errors FROM telemetry_addresses WHERE release_id = ? AND address = ?');
    this.writeAddress = db.prepare(
      `INSERT INTO telemetry_addresses (release_id, address, views, errors) VALUES (?, ?, ?, ?)
       ON CONFLICT (release_id, address) DO UPDATE SET views = excluded.views, errors = excluded.errors`,
    );
  }

  async add(batch: TelemetryBatch, ticketed?: TicketedViews) {
    if (!batch.counts.length && !batch.bins.length && !ticketed?.views.length) return;
    // One write transaction: claiming a view id, the address's caps and the counts stand or fall together.
    this.db
      .transaction(() => {
        const all: TelemetryBatch = { counts: [...batch.counts], bins: [...batch.bins] };
        if (ticketed?.views.length) this.admit(ticketed, all);
        const { counts, bins } = normaliseBatch(all);
        for (const r of counts) this.addCount.run(r.release, r.arm, r.screen, r.metric, r.n);
        for (const r of bins) this.addBin.run(r.release, r.arm, r.screen, r.metric, r.bin, r.n);
      })
      .immediate();
  }

  private admit(t: TicketedViews, out: TelemetryBatch) {
    this.purgeViews.run(t.now);
    const used = new Map<string, AddressUse>();
    for (const v of t.views) {
      if (this.claimView.run(v.view, v.expiresAt).changes === 0) continue;
      for (const r of v.releases) {
        let u = used.get(r.release);
        if (!u)
          used.set(
            r.release,
            (u = (this.readAddress.get(r.release, t.address) as AddressUse | undefined) ?? { views: 0, errors: 0 }),
          );
        admitView(r, u, t.cap, out);
      }
    }
    for (const [release, u] of used) this.writeAddress.run(release, t.address, u.views, u.errors);
  }

  async sharedSecret(name: string, fresh: () => string): Promise<string> {
    this.db
      .prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING')
      .run(name, fresh());
    return (this.db.prepare('SELECT value FROM server_secrets WHERE name = ?').get(name) as { value: string }).value;
  }

  async figures(release: string, screens?: readonly string[]): Promise<ReleaseFigures> {
    // One read transaction: a beacon never lands between the counts and the histograms.
    return this.db.transaction(() => {
      const only = screens ? ` AND screen IN (SELECT value FROM json_each(?))` : '';
      const args = screens ? [release, JSON.stringify(screens)] : [release];
      const counts = this.db
        .prepare(
          `SELECT arm, metric, SUM(n) AS n FROM telemetry_counts WHERE release_id = ?${only} GROUP BY arm, metric ORDER BY arm, metric`,
        )
        .all(...args) as ReleaseFigures['counts'];
      const bins = this.db
        .prepare(
          `SELECT arm, metric, bin, SUM(n) AS n FROM telemetry_bins WHERE release_id = ?${only} GROUP BY arm, metric, bin ORDER BY arm, metric, bin`,
        )
        .all(...args) as ReleaseFigures['bins'];
      return { counts, bins };
    })();
  }
}
