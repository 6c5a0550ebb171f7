import type Database from 'better-sqlite3';
import { normaliseBatch, type ReleaseFigures, type TelemetryBatch, type TelemetryStore } from './telemetry-records.js';

/** Borrowers' page telemetry in the same SQLite file as the documents (telemetry-records.ts). */
export class SqliteTelemetryStore implements TelemetryStore {
  private readonly addCount: Database.Statement;
  private readonly addBin: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.addCount = db.prepare(
      `INSERT INTO telemetry_counts (release_id, arm, screen, metric, n) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (release_id, arm, screen, metric) DO UPDATE SET n = n + excluded.n`,
    );
    this.addBin = db.prepare(
      `INSERT INTO telemetry_bins (release_id, arm, screen, metric, bin, n) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (release_id, arm, screen, metric, bin) DO UPDATE SET n = n + excluded.n`,
    );
  }

  async add(batch: TelemetryBatch) {
    const { counts, bins } = normaliseBatch(batch);
    if (!counts.length && !bins.length) return;
    this.db.transaction(() => {
      for (const r of counts) this.addCount.run(r.release, r.arm, r.screen, r.metric, r.n);
      for (const r of bins) this.addBin.run(r.release, r.arm, r.screen, r.metric, r.bin, r.n);
    }).immediate();
  }

  async figures(release: string, screens?: readonly string[]): Promise<ReleaseFigures> {
    // One read transaction: a beacon never lands between the counts and the histograms.
    return this.db.transaction(() => {
      const only = screens ? ` AND screen IN (SELECT value FROM json_each(?))` : '';
      const args = screens ? [release, JSON.stringify(screens)] : [release];
      const counts = this.db
        .prepare(`SELECT arm, metric, SUM(n) AS n FROM telemetry_counts WHERE release_id = ?${only} GROUP BY arm, metric ORDER BY arm, metric`)
        .all(...args) as ReleaseFigures['counts'];
      const bins = this.db
        .prepare(`SELECT arm, metric, bin, SUM(n) AS n FROM telemetry_bins WHERE release_id = ?${only} GROUP BY arm, metric, bin ORDER BY arm, metric, bin`)
        .all(...args) as ReleaseFigures['bins'];
      return { counts, bins };
    })();
  }
}
