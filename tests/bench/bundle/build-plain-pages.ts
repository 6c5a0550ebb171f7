/**
 * The hand-written pages the bench measures ours against, each built into a folder of the app's build dir and served
 * by the same express static: the baseline (react-router + axios, as a team would start), the plain pages (react +
 * react-dom + fetch only: the floor) and one plain page per measured screen with only the texts it shows.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, repoRoot } from './build-app.js';

export const idTexts = () =>
  JSON.parse(readFileSync(resolve(repoRoot, 'screens/texts/id-ID.json'), 'utf8')).texts as Record<string, string>;

const plainApi = {
  [resolve(repoRoot, 'tests/bench/baseline/api.ts')]: resolve(repoRoot, 'tests/bench/plain/api.ts'),
};

/** Screen A's plain page: its own entry, only the texts it shows, the fetch API of ./plain. */
export async function buildPlainA(appDir: string) {
  const { SCREEN_A_TEXT_KEYS } = await import('../plain/ScreenA.js');
  const terms = idTexts();
  const texts = Object.fromEntries(SCREEN_A_TEXT_KEYS.map((k) => [k, terms[k]]));
  await buildApp({
    root: resolve(repoRoot, 'tests/bench/plain-a'),
    outDir: join(appDir, 'plain-a'),
    base: '/plain-a/',
    swap: plainApi,
    define: { __SCREEN_A_TEXTS__: JSON.stringify(texts) },
  });
}

/** A plain page with its own entry (tests/bench/<dir>/), given only the texts it shows (plain/page-texts.ts). */
async function buildPlainPage(appDir: string, dir: string, keys: string[]) {
  const terms = idTexts();
  await buildApp({
    root: resolve(repoRoot, `tests/bench/${dir}`),
    outDir: join(appDir, dir),
    base: `/${dir}/`,
    define: { __PAGE_TEXTS__: JSON.stringify(Object.fromEntries(keys.map((k) => [k, terms[k]]))) },
  });
}

/** Every hand-written page the render rows compare against. */
export async function buildPlainPages(appDir: string) {
  await buildApp({
    root: resolve(repoRoot, 'tests/bench/baseline'),
    outDir: join(appDir, 'baseline'),
    base: '/baseline/',
  });
  await buildApp({
    root: resolve(repoRoot, 'tests/bench/plain'),
    outDir: join(appDir, 'plain'),
    base: '/plain/',
    swap: plainApi,
  });
  await buildPlainA(appDir);
  const { LOAN_CONFIRM_TEXT_KEYS, INSTALMENTS_TEXT_KEYS } = await import('../plain/page-text-keys.js');
  await buildPlainPage(appDir, 'plain-confirm', LOAN_CONFIRM_TEXT_KEYS);
  await buildPlainPage(appDir, 'plain-instalments', INSTALMENTS_TEXT_KEYS);
}
