/**
 * Test support is kept out of source folders: it lives in `testing/` folders, and production code never
 * imports one (whatever production code imports ships, and a test helper in a source folder reads as source). Tests,
 * other test support and the tools under tests/ may. Run by `npm run lint` (lint.ts) on every file.
 */
const IMPORTS_TESTING = /^\s*(import|export)\b.*['"][^'"]*\btesting\/[^'"]*['"]|\bimport\(\s*['"][^'"]*\btesting\//;

/** Findings for one file, `rel` its path from the repository root with forward slashes. */
export function testSupportFindings(rel: string, text: string): string[] {
  if (/\.(test|spec)\.tsx?$/.test(rel) || /(^|\/)testing\//.test(rel) || rel.startsWith('tests/')) return [];
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (IMPORTS_TESTING.test(line))
      out.push(`${rel}:${i + 1}: imports test support (a testing/ folder): only tests and test support may`);
  });
  return out;
}
