/**
 * `npm run config:migrate -- --to <postgres URL> [--data-dir data]`: copies the SQLite store (every
 * version, drafts, audit log, users, sessions, API tokens) into an empty PostgreSQL database, creating
 * its schema, in one transaction, then checks the published state reads back the same and says what it
 * copied. Afterwards start the replicas with DATABASE_URL set to the same URL.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../app.js';
import { copySqliteToPostgres } from '../store/copy-to-postgres.js';
import { isPostgresUrl } from '../store/open-stores.js';
import { PgStore } from '../store/pg-store.js';
import { SqliteStore } from '../store/sqlite-store.js';

const { values } = parseArgs({ options: { to: { type: 'string' }, 'data-dir': { type: 'string' } } });
if (!isPostgresUrl(values.to)) {
  console.error('Usage: npm run config:migrate -- --to postgresql://user:password@host:5432/db [--data-dir data]');
  process.exit(1);
}
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? defaultDataDir);
const source = new SqliteStore(dataDir);
let code = 0;
let target: PgStore | undefined;
try {
  target = await PgStore.open(values.to);
  const r = await copySqliteToPostgres(source.db, target);
  const same = JSON.stringify(await source.listPublished()) === JSON.stringify(await target.listPublished());
  if (!same)
    throw new Error(
      'The published state read back from PostgreSQL differs from the SQLite store: nothing should use the target; please report this',
    );
  console.log(
    `copied ${source.description} into ${target.description}: ${r.documents} documents, ${r.versions} versions, ${r.drafts} drafts, ` +
      `${r.audit} audit entries, ${r.users} users, ${r.sessions} sessions, ${r.api_tokens} API tokens, ${r.releases} releases (generation ${r.generation}); ` +
      'the published state reads back identical. Start the replicas with DATABASE_URL set to this URL.',
  );
} catch (e) {
  console.error(`Nothing was migrated: ${(e as Error).message}`);
  code = 1;
} finally {
  await source.close();
  await target?.close();
}
process.exit(code);
