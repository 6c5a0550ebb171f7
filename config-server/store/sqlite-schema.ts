import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock, type Clock } from '../clock.js';
import { SQLITE_MARKET_ROLES } from './sqlite-market-roles.js';
import { SQLITE_OIDC_LOGINS } from './sqlite-oidc-logins.js';
import { SQLITE_SESSION_STARTS } from './sqlite-session-list.js';

/**
 * Tables of the embedded store. Published versions, release candidates and the audit log are append-only:
 * triggers reject UPDATE and DELETE, so not even a bug in our own code can rewrite history.
 */
const DDL = `
CREATE TABLE IF NOT EXISTS documents (
  kind TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL,
  revision INTEGER NOT NULL, published_version INTEGER,
  PRIMARY KEY (kind, id));
CREATE TABLE IF NOT EXISTS versions (
  kind TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, hash TEXT NOT NULL, content TEXT NOT NULL,
  created_at TEXT NOT NULL, created_by TEXT NOT NULL, note TEXT NOT NULL, restored_from INTEGER,
  PRIMARY KEY (kind, id, version));
CREATE TRIGGER IF NOT EXISTS versions_no_update BEFORE UPDATE ON versions
  BEGIN SELECT RAISE(ABORT, 'published versions are immutable'); END;
CREATE TRIGGER IF NOT EXISTS versions_no_delete BEFORE DELETE ON versions
  BEGIN SELECT RAISE(ABORT, 'published versions are immutable'); END;
CREATE TABLE IF NOT EXISTS drafts (
  kind TEXT NOT NULL, id TEXT NOT NULL, content TEXT NOT NULL, hash TEXT NOT NULL, base_version INTEGER,
  updated_at TEXT NOT NULL, updated_by TEXT NOT NULL, editors TEXT NOT NULL,
  PRIMARY KEY (kind, id));
CREATE TABLE IF NOT EXISTS audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
  kind TEXT, id TEXT, version INTEGER, diff TEXT, note TEXT NOT NULL);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit
  BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO meta (key, value) VALUES ('generation', 0);
CREATE TABLE IF NOT EXISTS releases (
  id TEXT PRIMARY KEY, seed TEXT NOT NULL, status TEXT NOT NULL, percent REAL NOT NULL, audience TEXT NOT NULL,
  start_at TEXT, end_at TEXT, guard INTEGER NOT NULL, note TEXT NOT NULL,
  created_at TEXT NOT NULL, created_by TEXT NOT NULL, updated_at TEXT NOT NULL, updated_by TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS releases_status ON releases (status);
CREATE TABLE IF NOT EXISTS release_documents (
  release_id TEXT NOT NULL REFERENCES releases (id), kind TEXT NOT NULL, id TEXT NOT NULL, file TEXT NOT NULL,
  base_version INTEGER NOT NULL, content TEXT NOT NULL, hash TEXT NOT NULL, editors TEXT NOT NULL,
  PRIMARY KEY (release_id, kind, id));
CREATE INDEX IF NOT EXISTS release_documents_doc ON release_documents (kind, id);
CREATE TRIGGER IF NOT EXISTS release_documents_no_update BEFORE UPDATE ON release_documents
  BEGIN SELECT RAISE(ABORT, 'release candidates are immutable'); END;
CREATE TRIGGER IF NOT EXISTS release_documents_no_delete BEFORE DELETE ON release_documents
  BEGIN SELECT RAISE(ABORT, 'release candidates are immutable'); END;
CREATE TABLE IF NOT EXISTS telemetry_counts (
  release_id TEXT NOT NULL, arm TEXT NOT NULL, screen TEXT NOT NULL, metric TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (release_id, arm, screen, metric));
CREATE TABLE IF NOT EXISTS telemetry_bins (
  release_id TEXT NOT NULL, arm TEXT NOT NULL, screen TEXT NOT NULL, metric TEXT NOT NULL, bin INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (release_id, arm, screen, metric, bin));
CREATE TABLE IF NOT EXISTS telemetry_views (view_id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS telemetry_views_expiry ON telemetry_views (expires_at);
CREATE TABLE IF NOT EXISTS telemetry_addresses (
  release_id TEXT NOT NULL, address TEXT NOT NULL, views INTEGER NOT NULL, errors INTEGER NOT NULL,
  PRIMARY KEY (release_id, address));
CREATE TABLE IF NOT EXISTS server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL, disabled_at TEXT);
CREATE TABLE IF NOT EXISTS sessions (
  token_hash TEXT PRIMARY KEY, user TEXT NOT NULL, csrf TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS api_tokens (
  token_hash TEXT PRIMARY KEY, user TEXT NOT NULL, label TEXT NOT NULL, created_at TEXT NOT NULL,
  id TEXT NOT NULL, role TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS approvals (
  kind TEXT NOT NULL, id TEXT NOT NULL, etag TEXT NOT NULL, version INTEGER NOT NULL, approver TEXT NOT NULL, at TEXT NOT NULL,
  release_id TEXT NOT NULL, PRIMARY KEY (kind, id, etag, version, approver, release_id));
CREATE INDEX IF NOT EXISTS approvals_release ON approvals (release_id);
CREATE TABLE IF NOT EXISTS login_attempts (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS experiment_exposures (
  release_id TEXT NOT NULL, device_id TEXT NOT NULL, arm TEXT NOT NULL, market TEXT NOT NULL, exposed_at INTEGER NOT NULL,
  PRIMARY KEY (release_id, device_id));
CREATE INDEX IF NOT EXISTS experiment_exposures_device ON experiment_exposures (device_id);
CREATE TABLE IF NOT EXISTS experiment_conversions (
  event_id TEXT PRIMARY KEY, metric TEXT NOT NULL, device_id TEXT NOT NULL, at INTEGER NOT NULL, source TEXT NOT NULL,
  received_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS experiment_goal_hits (
  release_id TEXT NOT NULL, metric TEXT NOT NULL, source TEXT NOT NULL, device_id TEXT NOT NULL, arm TEXT NOT NULL,
  market TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (release_id, metric, source, device_id));
CREATE TABLE IF NOT EXISTS experiment_counts (
  release_id TEXT NOT NULL, kind TEXT NOT NULL, metric TEXT NOT NULL, source TEXT NOT NULL, arm TEXT NOT NULL,
  market TEXT NOT NULL, day INTEGER NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (release_id, kind, metric, source, arm, market, day));
${SQLITE_SESSION_STARTS}${SQLITE_MARKET_ROLES}${SQLITE_OIDC_LOGINS}`;

/**
 * Columns added after a table first shipped: a database made by an older server gets them on open
 * (CREATE TABLE IF NOT EXISTS above leaves an existing table as it is). Each step checks before it changes, under the
 * write lock (another process may open the same file at the same moment).
 */
function migrate(db: Database.Database, clock: Clock) {
  const has = (table: string, column: string) =>
    (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);
  db.transaction(() => {
    if (!has('users', 'disabled_at')) db.exec('ALTER TABLE users ADD COLUMN disabled_at TEXT');
    if (!has('api_tokens', 'expires_at')) {
      // Tokens minted before they could expire or be listed: an id to revoke them by, the role their user has now as
      // their ceiling, and 90 days from this upgrade (not from their creation: scripts keep working while ops rotate them).
      db.exec(`ALTER TABLE api_tokens ADD COLUMN id TEXT;
        ALTER TABLE api_tokens ADD COLUMN role TEXT;
        ALTER TABLE api_tokens ADD COLUMN expires_at INTEGER;`);
      db.prepare(
        `UPDATE api_tokens SET id = lower(hex(randomblob(8))),
           role = COALESCE((SELECT role FROM users WHERE users.name = api_tokens.user), 'viewer'),
           expires_at = ?`,
      ).run(clock.now() + 90 * 86_400_000);
    }
    // The idle timeout: when a session was last used. NULL for sessions made before: their login time counts.
    if (!has('sessions', 'last_seen_at')) db.exec('ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER');
    // Experiments: a release's goals and guardrails (JSON), NULL for releases made before or without one.
    if (!has('releases', 'experiment')) db.exec('ALTER TABLE releases ADD COLUMN experiment TEXT');
    db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS api_tokens_id ON api_tokens (id);
      CREATE INDEX IF NOT EXISTS api_tokens_user ON api_tokens (user);`);
  }).immediate();
}

/** Opens (creating if needed) `<dataDir>/config.sqlite` in WAL mode with the tables above. */
export function openDatabase(dataDir: string, clock: Clock = systemClock): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'config.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Another process (a CLI) may hold the write lock for a moment: wait rather than fail.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.exec(DDL);
  migrate(db, clock);
  return db;
}
