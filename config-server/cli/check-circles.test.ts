import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCircles } from './check-circles.js';

describe('the import-circle check', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    dir = mkdtempSync(join(tmpdir(), 'circles-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  };

  it('finds a circle a change adds, type-only imports included', async () => {
    write({
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': "import type { C } from './c';\nexport const b = (c?: C) => c;\n",
      'c.ts': "import { a } from './a';\nexport type C = ReturnType<typeof a>;\n",
    });
    expect(await importCircles([dir], dir)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('passes a graph without circles', async () => {
    write({ 'a.ts': "import { b } from './b';\nexport const a = b;\n", 'b.ts': 'export const b = 1;\n' });
    expect(await importCircles([dir], dir)).toEqual([]);
  });
});
