import { describe, expect, it } from 'vitest';
import { testSupportFindings } from './check-test-support.js';

describe('testSupportFindings', () => {
  it('names a production file that imports a testing/ folder, with its line', () => {
    const text = "import { a } from './a.js';\nimport { startTestServer } from '../testing/test-helpers.js';\n";
    expect(testSupportFindings('config-server/pages/page-router.ts', text)).toEqual([
      'config-server/pages/page-router.ts:2: imports test support (a testing/ folder): only tests and test support may',
    ]);
    expect(
      testSupportFindings('renderer/nodes/Text.tsx', "const m = await import('../runtime/testing/render-nodes');"),
    ).toHaveLength(1);
  });

  it('lets tests, test support and tests/ import it, and ignores a mention outside an import', () => {
    const text = "import { renderNodes } from '../runtime/testing/render-nodes';\n";
    expect(testSupportFindings('renderer/nodes/Text.test.tsx', text)).toEqual([]);
    expect(
      testSupportFindings(
        'config-server/releases/testing/test-release.ts',
        "import type { TestServer } from '../../testing/test-helpers.js';",
      ),
    ).toEqual([]);
    expect(
      testSupportFindings(
        'tests/pg-global-setup.ts',
        "import { x } from '../config-server/testing/pg-test-server.js';",
      ),
    ).toEqual([]);
    expect(testSupportFindings('config-server/store/README.ts', '// see testing/README.md')).toEqual([]);
  });
});
