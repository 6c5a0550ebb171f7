import type { AuditEntry, AuditFilter } from './config-store.js';
import type { Db, PgDb } from './pg-db.js';

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

/** The PostgreSQL store's audit log: append-only (a trigger refuses changes), read newest first. */
export class PgAudit {
  constructor(private readonly db: PgDb) {}

  /** Appends an entry, inside the caller's transaction when `db` is its client. */
  async append(e: Omit<AuditEntry, 'seq' | 'at'>, db: Db = this.db.pool) {
    await this.db.q(
      'INSERT INTO audit (at, actor, action, kind, id, version, diff, note) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        new Date().toISOString(),
        e.actor,
        e.action,
        e.kind,
        e.id,
        e.version,
        e.diff ? JSON.stringify(e.diff) : null,
        e.note,
      ],
      db,
    );
  }

  async list(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    const where: string[] = [];
    const args: (string | number)[] = [];
    const add = (value: string | number, cond: (n: string) => string) => {
      args.push(value);
      where.push(cond(`$${args.length}`));
    };
    for (const k of ['kind', 'id', 'actor'] as const) if (filter[k]) add(filter[k]!, (n) => `${k} = ${n}`);
    if (filter.before) add(Math.min(filter.before, 2 ** 31 - 1), (n) => `seq < ${n}`);
    // `at` is an ISO 8601 UTC string, so text order is time order.
    if (filter.since) add(filter.since, (n) => `at COLLATE "C" >= ${n}`);
    if (filter.until) add(filter.until, (n) => `at COLLATE "C" < ${n}`);
    const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000);
    const rows = await this.db.q<AuditRow>(
      `SELECT * FROM audit ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY seq DESC LIMIT ${limit}`,
      args,
    );
    return rows.map((r) => ({ ...r, diff: r.diff ? JSON.parse(r.diff) : null }));
  }
}
