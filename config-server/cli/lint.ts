/**
 * `npm run lint`: the project rules a type checker cannot see. Each finding names the file and line.
 * - no eval / new Function in browser code (the page runs under a CSP without 'unsafe-eval');
 * - no raw HTML from documents (dangerouslySetInnerHTML, innerHTML writes);
 * - kebab-case for JSON, schema and module files; PascalCase for React component files;
 * - files over 400 lines are reported (one idea per file);
 * - test support lives in testing/ folders, and only tests and other test support import it;
 * - the shared core's boundary: what renderer/core/ and the config server may import (check-core-imports.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundaryFindings } from './check-core-imports.js';
import { testSupportFindings } from './check-test-support.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const skipDirs = new Set(['node_modules', 'generated', 'dist', 'data', 'artifacts', 'results', '.git']);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!skipDirs.has(name)) yield* files(p);
    } else yield p;
  }
}

const findings: string[] = [];
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)*$/;
const pascal = /^[A-Z][A-Za-z0-9]*(\.isolated)?(\.test)?\.tsx$/;
const localeOrMarket = /^([a-z]{2}-[A-Z]{2}|[A-Z]{2})\.json$/;

for (const top of ['renderer', 'config-server', 'schemas', 'screens', 'tests']) {
  for (const file of files(join(root, top))) {
    const rel = relative(root, file);
    const name = basename(file);
    const isTest = /\.(test|spec)\.tsx?$/.test(name);
    if (/\.(ts|tsx|js|json)$/.test(name)) {
      if (name.endsWith('.tsx')) {
        if (!pascal.test(name) && !kebab.test(name)) findings.push(`${rel}: component files are PascalCase (.tsx)`);
      } else if (!kebab.test(name) && !localeOrMarket.test(name) && !/^[A-Z]+\.md$/.test(name)) {
        findings.push(`${rel}: module, JSON and schema files are kebab-case`);
      }
    }
    if (!/\.(ts|tsx|js)$/.test(name)) continue;
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    if (lines.length > 400 && !isTest)
      findings.push(`${rel}: ${lines.length} lines (question anything over 400: one idea per file)`);
    // The renderer's unit tests share one module graph per worker (vitest.config.ts): a test that replaces modules
    // would leak its mocks into the files after it, so it runs in the isolated project, chosen by name.
    if (top === 'renderer' && isTest && /\bvi\.(do)?[mM]ock\(/.test(text) && !/\.isolated\.test\.tsx?$/.test(name))
      findings.push(
        `${rel}: replaces modules (vi.mock): name it *.isolated.test.ts(x) so it runs in a module graph of its own`,
      );
    // So do the server's, and they have no isolated project: what one file replaces, the next would inherit.
    if (
      top !== 'renderer' &&
      /\.test\.ts$/.test(name) &&
      /\bvi\.(do)?[mM]ock\(|\bvi\.useFakeTimers\(|\bvi\.stub(Env|Global)\(/.test(text)
    )
      findings.push(
        `${rel}: replaces modules, timers or globals, which the server's tests share per worker: inject a clock or a dependency instead`,
      );
    findings.push(...boundaryFindings(rel.split('\\').join('/'), text));
    findings.push(...testSupportFindings(rel.split('\\').join('/'), text));
    if (top !== 'renderer' || isTest) continue;
    lines.forEach((line, i) => {
      if (/\beval\s*\(|new\s+Function\s*\(/.test(line))
        findings.push(`${rel}:${i + 1}: eval/new Function is forbidden in browser code`);
      if (/dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML/.test(line))
        findings.push(`${rel}:${i + 1}: raw HTML is forbidden: render structured nodes instead`);
    });
  }
}

for (const f of findings) console.error(f);
console.log(findings.length ? `lint: ${findings.length} finding(s)` : 'lint: clean');
process.exit(findings.length ? 1 : 0);
