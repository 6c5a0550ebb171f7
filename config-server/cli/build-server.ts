/**
 * `npm run build:server`: compiles the config server (and the renderer modules it draws pages with) to
 * JavaScript under `dist/server/`, so production runs `node dist/server/config-server/main.js` with no
 * TypeScript compiler at start. Three steps:
 * 1. `tsc -p tsconfig.server.json` (emit only: `npm run typecheck` checks the types);
 * 2. relative imports written without an extension (the renderer's modules, resolved by vite and tsx) get the
 *    `.js` or `/index.js` node needs; one that resolves to no emitted file fails the build;
 * 3. the JSON files the server reads next to its own modules (sandbox request schemas, the OpenAPI source)
 *    are copied beside them. schemas/, screens/, data/ and dist/renderer/ are read from the repository root
 *    (project-root.ts), not copied.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { projectRoot } from '../project-root.js';

export const serverOutDir = join(projectRoot, 'dist', 'server');
export const compiledMain = join(serverOutDir, 'config-server', 'main.js');
/** Written last: its time is when the compiled server was complete (build-if-needed.ts compares sources with it). */
export const buildStamp = join(serverOutDir, 'built-at');

/** Files copied as they are, relative to the root: read at run time from next to the module that reads them. */
export const SERVER_ASSETS = ['config-server/sandbox/requests', 'config-server/openapi/openapi.json'];

function* jsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* jsFiles(p);
    else if (name.endsWith('.js')) yield p;
  }
}

/** The relative specifiers of an emitted module: static imports and exports, side-effect imports, dynamic imports. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** Adds `.js` or `/index.js` to each extensionless relative specifier in `file`; returns the ones it could not resolve. */
export function fixSpecifiers(file: string): string[] {
  const unresolved: string[] = [];
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    if (/\.(m?js|json)$/.test(spec)) return whole;
    const base = resolve(dirname(file), spec);
    const target = existsSync(`${base}.js`)
      ? `${spec}.js`
      : existsSync(join(base, 'index.js'))
        ? `${spec}/index.js`
        : undefined;
    if (!target) {
      unresolved.push(`${relative(projectRoot, file)}: ${spec}`);
      return whole;
    }
    return `${lead}${quote}${target}${quote}`;
  });
  if (fixed !== text) writeFileSync(file, fixed);
  return unresolved;
}

export function buildServer(): void {
  rmSync(serverOutDir, { recursive: true, force: true });
  const tsc = spawnSync(
    process.execPath,
    [join(projectRoot, 'node_modules/typescript/bin/tsc'), '-p', join(projectRoot, 'tsconfig.server.json')],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) throw new Error('tsc -p tsconfig.server.json failed: see the errors above');
  const unresolved = [...jsFiles(serverOutDir)].flatMap(fixSpecifiers);
  if (unresolved.length) throw new Error(`imports that resolve to no compiled file:\n  ${unresolved.join('\n  ')}`);
  for (const asset of SERVER_ASSETS) cpSync(join(projectRoot, asset), join(serverOutDir, asset), { recursive: true });
  writeFileSync(buildStamp, `${new Date().toISOString()}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = Date.now();
  try {
    buildServer();
    console.log(
      `server compiled to ${relative(projectRoot, serverOutDir)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s: node ${relative(projectRoot, compiledMain)}`,
    );
  } catch (e) {
    console.error(`build:server failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
