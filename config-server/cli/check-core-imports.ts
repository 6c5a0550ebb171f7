/**
 * Part of `npm run lint`: the shared core's boundary (renderer/core/README.md). The core is what the config server and
 * the browser both run, so it may import only itself, generated schema types and packages that are neither React nor
 * DOM-only; no `node:` modules either, since the browser runs it too. It may not read browser globals. The config
 * server may import from renderer/ only the core and the one static-render entry, so a newcomer reading a server file
 * knows every renderer module it runs is either shared (core) or the React draw. Tests are left out on both sides: a
 * test may compare the core with the browser's client, or play the browser against the server.
 * Imports are read by TypeScript's own pre-processor (static, `export from`, dynamic and `import type` alike).
 */
import { posix } from 'node:path';
import ts from 'typescript';

export const CORE = 'renderer/core/';
/** The server's one way into the React side (it re-exports what the page draw needs from there). */
export const STATIC_RENDER_ENTRY = 'renderer/boot/render-static';

/** Packages the core may not import: React and anything that needs a DOM to run. */
const REACT_OR_DOM =
  /^(react|react-dom|react-router|react-router-dom|scheduler|@testing-library\/.*|@codemirror\/.*|codemirror|jsdom)(\/.*)?$/;
/** Browser globals the core may not read (it runs in Node too). Comments are stripped before this is matched. */
const BROWSER_GLOBALS = /\b(window|document|localStorage|sessionStorage|navigator|location|history)\s*[.[]/;

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
    } else if (
      target !== null &&
      target.startsWith('renderer/') &&
      !target.startsWith(CORE) &&
      withoutExtension(target) !== STATIC_RENDER_ENTRY
    ) {
      findings.push(
        `${at}: the server imports "${spec}": from renderer/ only renderer/core/ and ${STATIC_RENDER_ENTRY}.tsx`,
      );
    }
  }
  if (inCore) {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
    code.split('\n').forEach((line, i) => {
      const m = BROWSER_GLOBALS.exec(line);
      if (m)
        findings.push(`${rel}:${i + 1}: the shared core reads the browser global "${m[1]}"; pass what it needs in`);
    });
  }
  return findings;
}
