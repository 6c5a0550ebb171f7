import type Database from 'better-sqlite3';
import type { SessionList, SessionListing, SessionStart } from './session-list-records.js';

/** The `session_starts` table (created with the others in sqlite-schema.ts). */
export const SQLITE_SESSION_STARTS = `
CREATE TABLE IF NOT EXISTS session_starts (
  token_hash TEXT PRIMARY KEY, id TEXT NOT NULL UNIQUE, user TEXT NOT NULL, started_at INTEGER NOT NULL,
  address TEXT NOT NULL, device TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS session_starts_user ON session_starts (user);
`;

interface Row {
  token_hash: string;
  id: string;
  user: string;
  started_at: number;
  address: string;
  device: string;
  expires_at: number;
  last_seen_at: number | null;
}

const listingOf = (r: Row): SessionListing => ({
  id: r.id,
  user: r.user,
  startedAt: r.started_at,
  address: r.address,
  device: r.device,
  expiresAt: r.expires_at,
  lastSeenAt: r.last_seen_at ?? r.started_at,
  tokenHash: r.token_hash,
});

const JOINED = `SELECT i.*, s.expires_at, s.last_seen_at FROM session_starts i JOIN sessions s ON s.token_hash = i.token_hash`;

export class SqliteSessionList implements SessionList {
  constructor(private readonly db: Database.Database) {}

  async recordSessionStart(tokenHash: string, s: SessionStart) {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM session_starts WHERE token_hash NOT IN (SELECT token_hash FROM sessions)').run();
      this.db
        .prepare(
          'INSERT INTO session_starts (token_hash, id, user, started_at, address, device) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(tokenHash, s.id, s.user, s.startedAt, s.address, s.device);
    })();
  }

  async listSessions(user: string | undefined, now: number) {
    const rows = (
      user === undefined
        ? this.db.prepare(`${JOINED} WHERE s.expires_at >= ? ORDER BY i.started_at DESC`).all(now)
        : this.db.prepare(`${JOINED} WHERE s.expires_at >= ? AND i.user = ? ORDER BY i.started_at DESC`).all(now, user)
    ) as Row[];
    return rows.map(listingOf);
  }

  async endSession(id: string, user: string | undefined) {
    return this.db.transaction(() => {
      const r = this.db.prepare(`${JOINED} WHERE i.id = ?`).get(id) as Row | undefined;
      if (!r || (user !== undefined && r.user !== user)) return undefined;
      this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(r.token_hash);
      this.db.prepare('DELETE FROM session_starts WHERE token_hash = ?').run(r.token_hash);
      return listingOf(r);
    })();
  }
}
