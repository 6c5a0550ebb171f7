/**
 * Section 1: what a borrower downloads before the first screen, and what loads later.
 * Initial = the HTML's module script + modulepreloads + stylesheets, and the app's chunk the server hints with every
 * borrower page, closed over static imports.
 * gzip at the level the server's `compression` middleware uses (6); brotli at max quality (static precompression).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { buildApp, repoRoot, resultsDir, type ChunkStat } from './build-app.js';
import { row, KB, type Row } from '../lib/table.js';
import { widgetPreloads } from '../../../config-server/pages/widget-preloads.js';
import { nodeTypesOf } from '../../../renderer/core/documents/node-types-of.js';

/** Screens whose first load the table spells out: the page's initial files plus the widget chunks the server hints for it. */
const FIRST_SCREENS = [{ label: 'complaint entry', file: 'screens/pages/complaints/complaint-entry.json' }];

export const gzipBytes = (b: Buffer) => gzipSync(b, { level: 6 }).length;
export const brotliBytes = (b: Buffer) =>
  brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Asset paths (relative to outDir) referenced by index.html as scripts, modulepreloads or stylesheets. */
export function htmlAssets(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) out.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    if (/\brel="(modulepreload|stylesheet)"/.test(tag)) {
      const href = /\bhref="([^"]+)"/.exec(tag);
      if (href) out.add(href[1]);
    }
  }
  return [...out].filter((p) => !/^https?:/.test(p)).map((p) => p.replace(/^\//, ''));
}

/** Chunks reachable through static imports from the given files. */
export function staticClosure(start: string[], chunks: ChunkStat[]): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of byName.get(f)?.imports ?? []) stack.push(i);
  }
  return seen;
}

function listAssets(outDir: string): string[] {
  const dir = join(outDir, 'assets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `assets/${f}`);
}

function sizes(outDir: string, files: Iterable<string>) {
  let raw = 0,
    gz = 0,
    br = 0;
  for (const f of files) {
    const b = readFileSync(join(outDir, f));
    raw += b.length;
    gz += gzipBytes(b);
    br += brotliBytes(b);
  }
  return { raw, gz, br };
}

function packageOf(id: string): string {
  const m = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return m ? m[1] : relative(repoRoot, id.replace(/\?.*$/, ''));
}

/** Largest contributors to the initial chunks (pre-minification length), by package or source file. */
function topModules(chunks: ChunkStat[], initial: Set<string>, n: number): string {
  const total = new Map<string, number>();
  for (const c of chunks) {
    if (!initial.has(c.fileName)) continue;
    // Rollup marks virtual modules with a leading NUL ("\0vite/preload-helper"): keep it out of the table.
    for (const [rawId, len] of Object.entries(c.modules)) {
      const id = packageOf(rawId.replace(/^\0/, ''));
      total.set(id, (total.get(id) ?? 0) + len);
    }
  }
  return [...total.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${(v / KB).toFixed(0)}K`)
    .join(', ');
}

export interface BundleResult {
  rows: Row[];
  outDir: string;
}

export async function bundleBench(): Promise<BundleResult> {
  const root = resolve(repoRoot, 'renderer');
  const outDir = resolve(resultsDir, 'build/renderer');
  const chunks = await buildApp({ root, outDir });
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  // What every borrower page loads: the page's own scripts and what the server hints with any page (the app's chunk).
  const hints = widgetPreloads(outDir);
  const fromHtml = [...htmlAssets(html), ...htmlAssets(hints([]))];
  const initial = staticClosure(fromHtml, chunks);
  const init = sizes(outDir, initial);
  const rows: Row[] = [
    // 110 KB since expressions ship pre-parsed and jsep left the first load (125 KB from when server render came in
    // until then); the first screen keeps the older 130 KB.
    row(
      'bundle',
      'initial JS+CSS gzip',
      init.gz,
      'B',
      { op: '<=', limit: 110 * KB },
      `${initial.size} files, raw ${(init.raw / KB).toFixed(0)} KB; largest (unminified): ${topModules(chunks, initial, 6)}`,
    ),
    row('bundle', 'initial JS+CSS brotli', init.br, 'B'),
  ];

  for (const screen of FIRST_SCREENS) {
    const types = [...nodeTypesOf(JSON.parse(readFileSync(resolve(repoRoot, screen.file), 'utf8')))].sort();
    const extra = htmlAssets(hints(types)).filter((f) => !initial.has(f));
    const first = sizes(outDir, [...initial, ...extra]);
    rows.push(
      row(
        'bundle',
        `${screen.label} first screen JS+CSS gzip`,
        first.gz,
        'B',
        { op: '<=', limit: 130 * KB },
        `initial + ${extra.length} widget chunk(s) hinted with the page: ${extra.map((f) => f.replace(/^assets\/|-[\w-]{8}\.js$/g, '')).join(', ') || 'none'}`,
      ),
    );
  }

  // Attribution: the same build with the vendor libraries forced into their own chunk.
  const splitDir = resolve(resultsDir, 'build/renderer-split');
  const split = await buildApp({ root, outDir: splitDir, splitVendor: true });
  const splitInitial = staticClosure(
    [...htmlAssets(readFileSync(join(splitDir, 'index.html'), 'utf8')), ...htmlAssets(widgetPreloads(splitDir)([]))],
    split,
  );
  const vendorFiles = [...splitInitial].filter((f) => /bench-vendor/.test(f));
  // rolldown-runtime exists only because of the forced split: not part of either side in the real build.
  const ownFiles = [...splitInitial].filter((f) => !/bench-vendor|rolldown-runtime/.test(f));
  const own = sizes(splitDir, ownFiles);
  const vendor = sizes(splitDir, vendorFiles);
  rows.push(
    row(
      'bundle',
      'initial renderer own code gzip',
      own.gz,
      'B',
      { op: '<=', limit: 25 * KB },
      `excludes react, react-dom, react-router, axios, scheduler (${(vendor.gz / KB).toFixed(1)} KB gzip); largest own: ${topModules(
        split.filter((c) => !/bench-vendor/.test(c.fileName)),
        splitInitial,
        6,
      )}`,
    ),
  );

  for (const f of listAssets(outDir)
    .filter((f) => !initial.has(f))
    .sort()) {
    const s = sizes(outDir, [f]);
    rows.push(
      row(
        'bundle',
        `lazy ${f.replace(/^assets\//, '')} gzip`,
        s.gz,
        'B',
        undefined,
        `brotli ${(s.br / KB).toFixed(1)} KB`,
      ),
    );
  }
  return { rows, outDir };
}
