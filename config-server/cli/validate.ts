/**
 * `npm run validate [dir]`: checks every document under screens/ (or `dir`) against its schema and
 * the cross-document rules. Prints `file#/pointer: message` per error and exits 1 on any error.
 * An API map may name the backend origins of `SSR_BACKEND_ORIGINS`, as on the server that would publish it.
 */
import { resolve } from 'node:path';
import { backendOriginsFromEnv } from '../http/security-settings.js';
import { screensDir, validateDirectory } from '../validation/validate-documents.js';

const dir = process.argv[2] ? resolve(process.argv[2]) : screensDir;
let result: ReturnType<typeof validateDirectory>;
try {
  result = validateDirectory(dir, { backendOrigins: backendOriginsFromEnv(process.env) });
} catch (e) {
  // A broken schema or an unreadable folder: say which, without a stack trace.
  console.error(`validate: ${(e as Error).message}`);
  process.exit(1);
}
for (const e of result.errors) console.error(`${e.file}#${e.pointer}: ${e.message}`);
if (result.errors.length) {
  console.error(
    `${result.errors.length} error${result.errors.length === 1 ? '' : 's'} in ${new Set(result.errors.map((e) => e.file)).size} of ${result.count} documents`,
  );
  process.exit(1);
}
console.log(`${result.count} documents valid`);
