/**
 * Part of `npm run lint`: the shared core's boundary (renderer/core/README.md). The core is what the config server and
 * the browser both run, so it may import only itself, generated schema types and packages that are neither React nor
 * DOM-only; no `node:` modules either, since the browser runs it too. Browser globals are the type checker's to find:
 * renderer/core/tsconfig.json has no DOM library (`npm run typecheck`). The config server may import from renderer/
 * only the core's public face (renderer/core/index.ts) and the one static-render entry, so a newcomer reading a server
 * file sees every renderer module it runs in one list, and the core may rearrange its folders without the server
 * noticing. Tests are left out on both sides: a test may compare the core with the browser's client, or play the
 * browser against the server.
 * Imports are read by TypeScript's own pre-processor (static, `export from`, dynamic and `import type` alike).
 */
import { posix } from 'node:path';
import ts from 'typescript';

export const CORE = 'renderer/core/';
/** The core's public face, the server's one way into it. */
export const CORE_INDEX = 'renderer/core/index';
/** The server's one way into the React side (it re-exports what the page draw needs from there). */
export const STATIC_RENDER_ENTRY = 'renderer/boot/render-static';

/** Packages the core may not import: React and anything that needs a DOM to run. */
const REACT_OR_DOM =
  /^(react|react-dom|react-router|react-router-dom|scheduler|@testing-library\/.*|@codemirror\/.*|codemirror|jsdom)(\/.*)?$/;

const isTest = (rel: string) => /\.(test|spec)\.tsx?$/.test(rel) || /(^|\/)testing\//.test(rel);
const withoutExtension = (p: string) => p.replace(/\.(tsx?|jsx?|mjs)$/, '');

/** What one file breaks of the boundary, each finding naming the file, line and import. `rel` is from the repository root. */
export function boundaryFindings(rel: string, text: string): string[] {
  const inCore = rel.startsWith(CORE);
  const inServer = rel.startsWith('config-server/');
  if ((!inCore && !inServer) || isTest(rel) || !/\.(tsx?|jsx?|mjs)$/.test(rel)) return [];
  const findings: string[] = [];
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  for (const imp of ts.preProcessFile(text, true, true).importedFiles) {
    const spec = imp.fileName;
    const at = `${rel}:${lineOf(imp.pos)}`;
    const target = spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(rel), spec)) : null;
    if (inCore) {
      if (target === null && REACT_OR_DOM.test(spec))
        findings.push(`${at}: the shared core imports "${spec}" (React or DOM-only); it runs on the server too`);
      else if (target === null && spec.startsWith('node:'))
        findings.push(`${at}: the shared core imports "${spec}"; the browser runs it too`);
      else if (target !== null && !target.startsWith(CORE) && !target.startsWith('schemas/generated/'))
        findings.push(
          `${at}: the shared core imports "${spec}" from outside renderer/core/ (only the core and schemas/generated/)`,
        );
    } else if (target !== null && target.startsWith('renderer/')) {
      const to = withoutExtension(target);
      if (to === CORE_INDEX || to === STATIC_RENDER_ENTRY) continue;
      findings.push(
        target.startsWith(CORE)
          ? `${at}: the server imports "${spec}", inside the core: import it from ${CORE_INDEX}.ts, the core's public face (export it there if it is not)`
          : `${at}: the server imports "${spec}": from renderer/ only ${CORE_INDEX}.ts and ${STATIC_RENDER_ENTRY}.tsx`,
      );
    }
  }
  return findings;
}
