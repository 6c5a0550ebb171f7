/**
 * `npx tsx tests/bench/compare.ts [a.json b.json]`: are two bench runs consistent? Compares every
 * ratio row (ours / reference) of the two latest result files (or the two given), and says whether
 * each moved by more than 10 % — on a shared, noisy machine the ratios are what must be stable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir } from './bundle/build-app.js';
import type { Row } from './lib/table.js';
import { UNSTEADY } from './render/cpu-calibration.js';

const given = process.argv.slice(2);
const files =
  given.length === 2
    ? given
    : readdirSync(resultsDir)
        .filter((f) => /^bench-.*\.json$/.test(f))
        .sort()
        .slice(-2)
        .map((f) => join(resultsDir, f));
if (files.length !== 2) {
  console.error('need two result files (run npm run bench twice)');
  process.exit(1);
}
const [a, b] = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as { at: string; rows: Row[] });
const lines: string[] = [
  `run A ${a.at}  vs  run B ${b.at}`,
  '',
  '| row | A | B | change | within 10 % |',
  '|---|---|---|---|---|',
];
let bad = 0;
for (const ra of a.rows.filter((r) => r.unit === 'x')) {
  const rb = b.rows.find((r) => r.section === ra.section && r.name === ra.name);
  if (!rb || ra.value === null || rb.value === null) continue;
  const change = (rb.value - ra.value) / ra.value;
  const ok = Math.abs(change) <= 0.1;
  if (!ok) bad++;
  lines.push(
    `| ${ra.section}: ${ra.name} | ${ra.value.toFixed(3)} | ${rb.value.toFixed(3)} | ${(change * 100).toFixed(1)} % | ${ok ? 'yes' : 'NO'} |`,
  );
}
for (const [label, run] of [
  ['A', a],
  ['B', b],
] as const) {
  // A ratio that moved in such a run says more about the VM than about the code (see cpu-calibration.ts).
  if (run.rows.some((r) => r.note?.includes(UNSTEADY)))
    lines.push('', `run ${label}: ${UNSTEADY} during its render rows (their note says how much)`);
}
lines.push('', bad ? `${bad} ratio(s) moved by more than 10 %` : 'every ratio within 10 %');
console.log(lines.join('\n'));
