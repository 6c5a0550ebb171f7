/**
 * Test files longest first, within each project (projects one after another, as vitest orders them, so a worker
 * keeps its module graph): a long file that starts last runs alone on one core while the other waits. Vitest's own
 * order does this from its results cache, which a fresh clone (CI) does not have; it then keeps discovery order, and
 * the 85 s replica test ran late in the server phase. Without a cached duration a file takes the one in
 * tests/test-durations.json (seconds on the 2-core CI machine; refresh with `npx tsx tests/write-test-durations.ts
 * <vitest json report>`); a file in neither counts as short.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE: Record<string, number> = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'),
);

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const expected = new Map<TestSpecification, number>();
    for (const f of files) {
      const rel = relative(root, f.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${f.project.name}:${rel}`)?.duration;
      expected.set(f, cached !== undefined ? cached / 1000 : (TABLE[rel] ?? 0));
    }
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return expected.get(b)! - expected.get(a)!;
    });
  }
}
