/**
 * `npm run config:import [-- --dir screens --data-dir data --force]`: every repository document
 * that differs from the store becomes a draft (review and publish it in /admin). A draft a
 * colleague is working on is left alone unless --force. An empty store publishes everything instead.
 * With env DATABASE_URL it imports into the PostgreSQL store instead.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { importChangedAsDrafts, importOnFirstStart } from '../store/repo-documents.js';
import { openCliStores } from './cli-stores.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    'data-dir': { type: 'string' },
    force: { type: 'boolean', default: false },
    user: { type: 'string' },
  },
});

const { store } = await openCliStores(values['data-dir']);
let code = 0;
try {
  const dir = values.dir && resolve(values.dir);
  const first = await importOnFirstStart(store, dir);
  if (first) {
    console.log(`empty store: published ${first} documents`);
  } else {
    const r = await importChangedAsDrafts(store, { dir, force: values.force, user: values.user });
    for (const f of r.created) console.log(`new draft (new document): ${f}`);
    for (const f of r.updated) console.log(`new draft: ${f}`);
    for (const f of r.skipped) console.log(`skipped, someone else's draft exists (use --force to replace it): ${f}`);
    for (const inv of r.invalid)
      for (const e of inv.errors) console.error(`${inv.file}#${e.instancePath}: ${e.message}`);
    console.log(
      `${r.created.length + r.updated.length} draft(s) saved, ${r.unchanged.length} unchanged, ${r.skipped.length} skipped, ${r.invalid.length} invalid` +
        (r.created.length + r.updated.length ? ': review and publish them in /admin' : ''),
    );
    if (r.invalid.length) code = 1;
  }
} catch (e) {
  console.error((e as Error).message);
  code = 1;
} finally {
  await store.close();
}
process.exit(code);
