import type Database from 'better-sqlite3';
import { decisions } from './decisions/decisions.js';
import { releasesOfFresh } from './decisions/view-decision.js';
import * as tr from './telemetry-records.js';

/** Borrowers' page telemetry in the same SQLite file as the documents (telemetry-records.ts). */
export class SqliteTelemetryStore implements tr.TelemetryStore {
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

  async add(batch: tr.TelemetryBatch, ticketed?: tr.TicketedViews) {
    if (!batch.counts.length && !batch.bins.length && !ticketed?.views.length) return;
    // One write transaction: claiming a view id, the address's caps and the counts stand or fall together.
    this.db
      .transaction(() => {
        const all: tr.TelemetryBatch = { counts: [...batch.counts], bins: [...batch.bins] };
        if (ticketed?.views.length) this.admit(ticketed, all);
        const { counts, bins } = tr.normaliseBatch(all);
        for (const r of counts) this.addCount.run(r.release, r.arm, r.screen, r.metric, r.n);
        for (const r of bins) this.addBin.run(r.release, r.arm, r.screen, r.metric, r.bin, r.n);
      })
      .immediate();
  }

  /** Claims the beacon's view ids, reads what the address counted, and writes what the decision admits. */
  private admit(t: tr.TicketedViews, out: tr.TelemetryBatch) {
    this.purgeViews.run(t.now);
    const fresh = new Set(
      t.views.filter((v) => this.claimView.run(v.view, v.expiresAt).changes === 1).map((v) => v.view),
    );
    const used = new Map<string, tr.AddressUse>();
    for (const release of releasesOfFresh(t, fresh)) {
      const u = this.readAddress.get(release, t.address) as tr.AddressUse | undefined;
      if (u) used.set(release, u);
    }
    const d = decisions.claimViews({ ticketed: t, fresh, used });
    out.counts.push(...d.batch.counts);
    out.bins.push(...d.batch.bins);
    for (const [release, u] of d.used) this.writeAddress.run(release, t.address, u.views, u.errors);
  }

  async sharedSecret(name: string, fresh: () => string): Promise<string> {
    this.db
      .prepare('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING')
      .run(name, fresh());
    return (this.db.prepare('SELECT value FROM server_secrets WHERE name = ?').get(name) as { value: string }).value;
  }

  async figures(release: string, screens?: readonly string[]): Promise<tr.ReleaseFigures> {
    // One read transaction: a beacon never lands between the counts and the histograms.
    return this.db.transaction(() => {
      const only = screens ? ` AND screen IN (SELECT value FROM json_each(?))` : '';
      const args = screens ? [release, JSON.stringify(screens)] : [release];
      const counts = this.db
        .prepare(
          `SELECT arm, metric, SUM(n) AS n FROM telemetry_counts WHERE release_id = ?${only} GROUP BY arm, metric ORDER BY arm, metric`,
        )
        .all(...args) as tr.ReleaseFigures['counts'];
      const bins = this.db
        .prepare(
          `SELECT arm, metric, bin, SUM(n) AS n FROM telemetry_bins WHERE release_id = ?${only} GROUP BY arm, metric, bin ORDER BY arm, metric, bin`,
        )
        .all(...args) as tr.ReleaseFigures['bins'];
      return { counts, bins };
    })();
  }
}
