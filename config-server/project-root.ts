import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (where package.json, schemas/, screens/, data/ and dist/renderer/ are), whether this
 * module runs from its TypeScript source (`config-server/`, under tsx or vitest) or compiled
 * (`dist/server/config-server/`, see `npm run build:server`). Files the server reads at run time are found
 * from here, not from the reading module's own location, which differs between the two.
 */
const here = fileURLToPath(new URL('.', import.meta.url));
export const projectRoot = /[\\/]dist[\\/]server[\\/]config-server[\\/]?$/.test(here)
  ? resolve(here, '../../..')
  : resolve(here, '..');

/** A path under the repository root (a trailing slash is kept: `fromRoot('data/')`). */
export const fromRoot = (path: string) => join(projectRoot, path);
