import { readFileSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { buildApp, repoRoot, resultsDir } from './build-app.js';
import { htmlAssets, staticClosure, gzipBytes } from './bundle-bench.js';
import { widgetPreloads } from '../../../config-server/pages/widget-preloads.js';
const root = resolve(repoRoot, 'renderer');
for (const splitVendor of [false, true]) {
  const dir = resolve(resultsDir, `build/tmp-${splitVendor}`);
  const chunks = await buildApp({ root, outDir: dir, splitVendor });
  const init = staticClosure(
    [...htmlAssets(readFileSync(join(dir, 'index.html'), 'utf8')), ...htmlAssets(widgetPreloads(dir)([]))],
    chunks,
  );
  let all = 0,
    own = 0;
  for (const f of init) {
    const g = gzipBytes(readFileSync(join(dir, f)));
    all += g;
    if (!/bench-vendor|rolldown-runtime/.test(f)) own += g;
    console.log(f, (g / 1024).toFixed(2));
  }
  console.log(splitVendor ? 'OWN' : 'ALL', (splitVendor ? own : all) / 1024);
  if (splitVendor) {
    const rows: [string, number][] = [];
    for (const c of chunks)
      if (init.has(c.fileName) && !/bench-vendor/.test(c.fileName))
        for (const [id, n] of Object.entries(c.modules)) rows.push([relative(repoRoot, id), n]);
    rows.sort((a, b) => b[1] - a[1]);
    console.log(
      rows
        .slice(0, 40)
        .map(([k, v]) => `${v} ${k}`)
        .join('\n'),
    );
  }
}
