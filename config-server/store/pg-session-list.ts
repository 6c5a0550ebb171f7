import type pg from 'pg';
import { PgDb } from './pg-db.js';
import type { SessionList, SessionListing, SessionStart } from './session-list-records.js';

/** The `session_starts` table: the migration pg-schema.ts appends (columns as in sqlite-session-list.ts). */
export const PG_SESSION_STARTS = `
  CREATE TABLE session_starts (
    token_hash text PRIMARY KEY, id text NOT NULL UNIQUE, user_name text NOT NULL, started_at bigint NOT NULL,
    address text NOT NULL, device text NOT NULL);
  CREATE INDEX session_starts_user ON session_starts (user_name);
`;

/** bigint comes back as a string. */
interface Row {
  token_hash: string;
  id: string;
  user_name: string;
  started_at: string;
  address: string;
  device: string;
  expires_at: string;
  last_seen_at: string | null;
}

const listingOf = (r: Row): SessionListing => ({
  id: r.id,
  user: r.user_name,
  startedAt: Number(r.started_at),
  address: r.address,
  device: r.device,
  expiresAt: Number(r.expires_at),
  lastSeenAt: Number(r.last_seen_at ?? r.started_at),
  tokenHash: r.token_hash,
});

const JOINED = `SELECT i.*, s.expires_at, s.last_seen_at FROM session_starts i JOIN sessions s ON s.token_hash = i.token_hash`;

export class PgSessionList implements SessionList {
  private readonly db: PgDb;

  constructor(pool: pg.Pool) {
    this.db = new PgDb(pool);
  }

  async recordSessionStart(tokenHash: string, s: SessionStart) {
    await this.db.q(
      'DELETE FROM session_starts i WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = i.token_hash)',
    );
    await this.db.q(
      'INSERT INTO session_starts (token_hash, id, user_name, started_at, address, device) VALUES ($1, $2, $3, $4, $5, $6)',
      [tokenHash, s.id, s.user, s.startedAt, s.address, s.device],
    );
  }

  async listSessions(user: string | undefined, now: number) {
    const rows =
      user === undefined
        ? await this.db.q<Row>(`${JOINED} WHERE s.expires_at >= $1 ORDER BY i.started_at DESC`, [now])
        : await this.db.q<Row>(`${JOINED} WHERE s.expires_at >= $1 AND i.user_name = $2 ORDER BY i.started_at DESC`, [
            now,
            user,
          ]);
    return rows.map(listingOf);
  }

  async endSession(id: string, user: string | undefined) {
    const [r] = await this.db.q<Row>(
      `WITH i AS (${JOINED} WHERE i.id = $1 AND ($2::text IS NULL OR i.user_name = $2)),
       d AS (DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM i)),
       e AS (DELETE FROM session_starts WHERE token_hash IN (SELECT token_hash FROM i))
       SELECT * FROM i`,
      [id, user ?? null],
    );
    return r && listingOf(r);
  }
}
