/**
 * `npm run config:export [-- --out . --data-dir data]`: writes the published state back to the
 * repository files it came from (new documents to their conventional path), so ops edits can be
 * committed. Drafts are not exported. With env DATABASE_URL it exports the PostgreSQL store instead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../project-root.js';
import { contentHash } from '../store/content-hash.js';
import { openCliStores } from './cli-stores.js';

const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
const out = resolve(values.out ?? projectRoot);
const { store } = await openCliStores(values['data-dir']);
let written = 0;
let same = 0;
try {
  for (const v of await store.listPublished()) {
    const path = join(out, v.file);
    const text = JSON.stringify(v.content, null, 2) + '\n';
    // A file already holding this content keeps its hand formatting: no noise in the git diff.
    let oldHash: string | undefined;
    try {
      oldHash = contentHash(JSON.parse(readFileSync(path, 'utf8')));
    } catch {
      oldHash = undefined;
    }
    if (oldHash === v.hash) {
      same++;
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    console.log(`wrote ${v.file} (${v.kind}/${v.id} version ${v.version})`);
    written++;
  }
  console.log(`${written} file(s) written, ${same} already up to date, into ${out}`);
} finally {
  await store.close();
}
