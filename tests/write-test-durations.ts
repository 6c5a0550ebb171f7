/**
 * Writes tests/test-durations.json, the file order of a fresh clone (tests/longest-first-sequencer.ts), from a vitest
 * JSON report: `npx vitest run --reporter=json --outputFile=report.json`, then `npx tsx tests/write-test-durations.ts
 * report.json`. Files under 2 s are left out (they count as short).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const [report] = process.argv.slice(2);
if (!report) throw new Error('usage: tsx tests/write-test-durations.ts <vitest json report>');
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: { name: string; startTime: number; endTime: number }[];
};
const rows = testResults
  .map((f) => [relative(process.cwd(), f.name), Math.round((f.endTime - f.startTime) / 100) / 10] as const)
  .filter(([, s]) => s >= 2)
  .sort((a, b) => b[1] - a[1]);
writeFileSync('tests/test-durations.json', `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`tests/test-durations.json: ${rows.length} files`);
