/**
 * One streamed load, timed by the browser: complaint entry drawn by the real config app (the production build in
 * `dist/renderer`, the sandbox as backend) with the sandbox's first call held back `--delay` ms (default 250, inside
 * the server's 300 ms budget), in Debian's Chromium without throttling. Prints when each request started and ended,
 * from navigation start, and when the backend let its answer go: the page's scripts and hints must start before that.
 *   npx tsx tests/bench/render/stream-trace.ts [--delay 250]
 * Browser work: run it under `flock /tmp/e2e.lock` like the bench.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createApp } from '../../../config-server/app.js';
import { prepareDataDir } from './prepare-data-dir.js';
import { executablePath } from './render-bench.js';

const at = process.argv.indexOf('--delay');
const delayMs = at > 0 ? Number(process.argv[at + 1]) : 250;
const FIRST_CALL = '/sandbox/user-problem/problem-init';

const dataDir = await prepareDataDir();
const config = await createApp({ dataDir, staticDir: resolve('dist/renderer'), sandbox: true });
let answeredAt = 0;
const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url?.startsWith(FIRST_CALL) && req.headers['user-agent'] === undefined) {
    // The server's own first call (node:http sends no user agent): held back, as a slow backend would.
    setTimeout(() => {
      answeredAt = Date.now();
      config.handler(req, res);
    }, delayMs);
    return;
  }
  config.handler(req, res);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: executablePath() });
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
  const url = `${origin}/complaint?market=ID&deviceId=trace&version=1.0.0&type=1&token=trace-${Date.now()}&orderId=1004`;
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const rows = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ''),
      kind: r.initiatorType,
      start: r.startTime,
      end: r.responseEnd,
    }));
    return {
      origin: performance.timeOrigin,
      doc: { firstByte: nav.responseStart, end: nav.responseEnd },
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      rows,
    };
  });
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`first call held ${delayMs} ms; its answer left the backend at ${ms(answeredAt - t.origin)}`);
  console.log(`document: first byte (head) ${ms(t.doc.firstByte)}, last byte (drawn body) ${ms(t.doc.end)}`);
  console.log(`first contentful paint ${t.fcp === undefined ? '-' : ms(t.fcp)}`);
  for (const r of t.rows.sort((a, b) => a.start - b.start))
    console.log(
      `  ${ms(r.start).padStart(7)} → ${ms(r.end).padStart(7)}  ${r.kind.padEnd(14)} ${r.name.split('?')[0]}`,
    );
} finally {
  await browser.close();
  server.close();
  await config.close();
  rmSync(dataDir, { recursive: true, force: true });
}
