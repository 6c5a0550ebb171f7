import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundaryFindings } from './check-core-imports.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

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

  it('fails a core file that reads a browser global, but not a comment that names one', () => {
    const file =
      "/** Reads window.location in the app, not here. */\n// document.title too\nexport const at = () => localStorage.getItem('k');\n";
    expect(boundaryFindings('renderer/core/x.ts', file)).toEqual([
      'renderer/core/x.ts:3: the shared core reads the browser global "localStorage"; pass what it needs in',
    ]);
  });

  it('lets the core import itself, generated schema types and plain packages', () => {
    const file = [
      "import type { ScreenDocument } from '../../../schemas/generated/types';",
      "import { readAmount } from '../money/amount';",
      "import { callKey } from './call-key';",
      "import jsep from 'jsep';",
    ].join('\n');
    expect(boundaryFindings('renderer/core/first-calls/ok.ts', file)).toEqual([]);
  });

  it('fails a server file that imports the renderer outside the core and the static-render entry', () => {
    const file = [
      "import { renderStaticScreen } from '../../renderer/boot/render-static.js';",
      "import { planFirstCalls } from '../../renderer/core/first-calls/plan-first-calls.js';",
      "import { DEFAULT_MARKET } from '../../renderer/boot/default-market.js';",
      "import { registry } from '../../renderer/nodes/registry.js';",
    ].join('\n');
    expect(boundaryFindings('config-server/pages/draw.ts', file)).toEqual([
      'config-server/pages/draw.ts:3: the server imports "../../renderer/boot/default-market.js": from renderer/ only renderer/core/ and renderer/boot/render-static.tsx',
      'config-server/pages/draw.ts:4: the server imports "../../renderer/nodes/registry.js": from renderer/ only renderer/core/ and renderer/boot/render-static.tsx',
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
