import { readFileSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { buildApp, repoRoot, resultsDir } from './build-app.js';
import { htmlAssets, staticClosure } from './bundle-bench.js';
import { widgetPreloads } from '../../../config-server/pages/widget-preloads.js';
const root = resolve(repoRoot, 'renderer');
const splitDir = resolve(resultsDir, 'build/renderer-split-tmp');
const split = await buildApp({ root, outDir: splitDir, splitVendor: true });
const init = staticClosure(
  [...htmlAssets(readFileSync(join(splitDir, 'index.html'), 'utf8')), ...htmlAssets(widgetPreloads(splitDir)([]))],
  split,
);
console.log([...init]);
const rows: [string, number][] = [];
for (const c of split)
  if (init.has(c.fileName) && !/bench-vendor/.test(c.fileName))
    for (const [id, n] of Object.entries(c.modules)) rows.push([relative(repoRoot, id) + ' @' + c.fileName, n]);
rows.sort((a, b) => b[1] - a[1]);
for (const [k, v] of rows) console.log(v, k);
