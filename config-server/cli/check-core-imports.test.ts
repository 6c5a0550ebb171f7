import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { boundaryFindings } from './check-core-imports.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The type errors of `text` as a file of the core, checked with the core's own tsconfig (no DOM library). */
function coreTypeErrors(text: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'renderer/core/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const file = join(root, 'renderer/core/first-calls/probe.ts');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, lang, ...rest) =>
    name === file ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, ...rest);
  const program = ts.createProgram([file], config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === file)
    .map(
      (d) =>
        `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe("the shared core's boundary", () => {
  it('fails a core file that imports React, react-dom/server, a DOM-side module or the config server', () => {
    const file = [
      "import { useState } from 'react';",
      "import { renderToString } from 'react-dom/server';",
      "import { readStored } from '../../runtime/storage';",
      "import type { Widget } from '../../runtime/contract';",
      "import { HttpError } from '../../../config-server/http/http-error.js';",
      "const lazy = () => import('../../nodes/registry');",
      "import { createHash } from 'node:crypto';",
    ].join('\n');
    const found = boundaryFindings('renderer/core/money/bad.ts', file);
    expect(found).toHaveLength(7);
    expect(found[0]).toMatch(/^renderer\/core\/money\/bad\.ts:1: .*"react"/);
    expect(found[1]).toMatch(/:2: .*"react-dom\/server"/);
    expect(found[2]).toMatch(/:3: .*"\.\.\/\.\.\/runtime\/storage" from outside renderer\/core\//);
    expect(found[3]).toMatch(/:4: .*runtime\/contract/); // a type-only import ties the core to React all the same
    expect(found[4]).toMatch(/:5: .*config-server\/http\/http-error/);
    expect(found[5]).toMatch(/:6: .*nodes\/registry/);
    expect(found[6]).toMatch(/:7: .*"node:crypto"/);
  });

  it('fails the type check of a core file that reads a browser global, which the import rules cannot see', () => {
    const errors = coreTypeErrors(
      [
        "export const title = (doc: Document = document) => doc.getElementById('x')?.textContent;",
        "export const saved = () => localStorage.getItem('k');",
        'export const wide = () => window.innerWidth;',
      ].join('\n'),
    );
    expect(errors.some((e) => /^1: Cannot find name 'document'/.test(e))).toBe(true);
    expect(errors.some((e) => /^2: Cannot find name 'localStorage'/.test(e))).toBe(true);
    expect(errors.some((e) => /^3: Cannot find name 'window'/.test(e))).toBe(true);
    // What both runtimes have type-checks: the core is not refused everything.
    expect(coreTypeErrors("export const at = new URL('/x', 'https://a.example').searchParams.get('q');")).toEqual([]);
  }, 30_000);

  it('lets the core import itself, generated schema types and plain packages', () => {
    const file = [
      "import type { ScreenDocument } from '../../../schemas/generated/types';",
      "import { readAmount } from '../money/amount';",
      "import { callKey } from './call-key';",
      "import jsep from 'jsep';",
    ].join('\n');
    expect(boundaryFindings('renderer/core/first-calls/ok.ts', file)).toEqual([]);
  });

  it("fails a server file that imports the renderer outside the core's index and the static-render entry", () => {
    const file = [
      "import { renderStaticScreen } from '../../renderer/boot/render-static.js';",
      "import { planFirstCalls, runActions } from '../../renderer/core/index.js';",
      "import { DEFAULT_MARKET } from '../../renderer/boot/default-market.js';",
      "import { registry } from '../../renderer/nodes/registry.js';",
      "import { planReadsClock } from '../../renderer/core/first-calls/plan-first-calls.js';",
      "import type { Scope } from '../../renderer/core/runtime/contract';",
      "export { parse } from '../../renderer/core/expressions/parse.js';",
    ].join('\n');
    const only = 'from renderer/ only renderer/core/index.ts and renderer/boot/render-static.tsx';
    const deep =
      "inside the core: import it from renderer/core/index.ts, the core's public face (export it there if it is not)";
    expect(boundaryFindings('config-server/pages/draw.ts', file)).toEqual([
      `config-server/pages/draw.ts:3: the server imports "../../renderer/boot/default-market.js": ${only}`,
      `config-server/pages/draw.ts:4: the server imports "../../renderer/nodes/registry.js": ${only}`,
      `config-server/pages/draw.ts:5: the server imports "../../renderer/core/first-calls/plan-first-calls.js", ${deep}`,
      `config-server/pages/draw.ts:6: the server imports "../../renderer/core/runtime/contract", ${deep}`,
      `config-server/pages/draw.ts:7: the server imports "../../renderer/core/expressions/parse.js", ${deep}`,
    ]);
  });

  it('leaves tests and the rest of the renderer alone', () => {
    const react =
      "import { render } from '@testing-library/react';\nimport { registry } from '../../renderer/nodes/registry.js';\n";
    expect(boundaryFindings('config-server/pages/first-reads.test.ts', react)).toEqual([]);
    expect(boundaryFindings('renderer/core/api/http-call.test.ts', react)).toEqual([]);
    expect(boundaryFindings('renderer/nodes/Text.tsx', "import { useState } from 'react';\n")).toEqual([]);
  });

  it('holds for the tree as it is', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) {
          if (name !== 'node_modules' && name !== 'generated') walk(p);
        } else found.push(...boundaryFindings(relative(root, p).split('\\').join('/'), readFileSync(p, 'utf8')));
      }
    };
    walk(join(root, 'renderer/core'));
    walk(join(root, 'config-server'));
    expect(found).toEqual([]);
  });
});
