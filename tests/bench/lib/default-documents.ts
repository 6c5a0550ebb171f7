/**
 * The default documents under screens/ as the store holds them: {kind, id, file, content},
 * `file` being the repo path. Read straight from disk so the bench does not depend on import code paths.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { NewDocument } from '../../../config-server/store/config-store.js';
import { repoRoot } from '../bundle/build-app.js';

function* jsonFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* jsonFiles(p);
    else if (name.endsWith('.json')) yield p;
  }
}

export function defaultDocuments(dir = join(repoRoot, 'screens')): NewDocument[] {
  return [...jsonFiles(dir)].map((path) => {
    const content = JSON.parse(readFileSync(path, 'utf8')) as { kind: string; id: string };
    return { kind: content.kind, id: content.id, file: relative(repoRoot, path), content };
  });
}
