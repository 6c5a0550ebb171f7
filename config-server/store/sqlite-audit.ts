import type Database from 'better-sqlite3';
import type { AuditEntry, AuditFilter } from './config-store.js';

interface AuditRow {
  seq: number;
  at: string;
  actor: string;
  action: string;
  kind: string | null;
  id: string | null;
  version: number | null;
  diff: string | null;
  note: string;
}

/** The embedded store's audit log: append-only (a trigger refuses changes), read newest first. Synchronous. */
export class SqliteAudit {
  constructor(private readonly db: Database.Database) {}

  append(e: Omit<AuditEntry, 'seq' | 'at'>) {
    this.db
      .prepare('INSERT INTO audit (at, actor, action, kind, id, version, diff, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        new Date().toISOString(),
        e.actor,
        e.action,
        e.kind,
        e.id,
        e.version,
        e.diff ? JSON.stringify(e.diff) : null,
        e.note,
      );
  }

  list(filter: AuditFilter = {}): AuditEntry[] {
    const where: string[] = [];
    const args: (string | number)[] = [];
    for (const k of ['kind', 'id', 'actor'] as const) {
      if (filter[k]) {
        where.push(`${k} = ?`);
        args.push(filter[k]!);
      }
    }
    if (filter.before) {
      where.push('seq < ?');
      args.push(filter.before);
    }
    // `at` is an ISO 8601 UTC string, so text order is time order.
    if (filter.since) {
      where.push('at >= ?');
      args.push(filter.since);
    }
    if (filter.until) {
      where.push('at < ?');
      args.push(filter.until);
    }
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = this.db
      .prepare(
        `SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY seq DESC LIMIT ${limit}`,
      )
      .all(...args) as AuditRow[];
    return rows.map((r) => ({ ...r, diff: r.diff ? JSON.parse(r.diff) : null }));
  }
}
