/**
 * What a cold load costs the phone: JS bytes as transferred until the network is idle, and the JS heap
 * after a GC. Read in a load of its own, with no script injected into the page (an injected probe's
 * observers and closures would be counted as the page's heap), through CDP only.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { CPU_RATE } from './cpu-calibration.js';

/** Lighthouse's slow-4G profile: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) | 0,
  uploadThroughput: (750e3 / 8) | 0,
};
/** The bench's phone: 360×740 CSS pixels at 2×, a mobile viewport. */
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true };

/** What a cold load cost: JS body bytes as served (gzip/br, CDP encodedDataLength minus headers) and heap. */
export interface LoadCost {
  jsBytes: number;
  /** Each script fetched, `path bytes` (the per-run log and the note: which chunks). */
  scripts: string[];
  /** JSHeapUsedSize after HeapProfiler.collectGarbage, once the network was idle. */
  heapBytes: number;
  /** Every request made after the load event (its path), for the log. */
  afterLoad: string[];
}

/** The network counts as idle once nothing was in flight for this long after the load event. */
export const IDLE_QUIET_MS = 3000;
/** Past this after the load event, the idle wait gives up (and the sample still counts what it saw). */
const IDLE_CAP_MS = 20_000;

/**
 * Watches one page's network through CDP: every script's body bytes as transferred, requests in flight, and
 * when the network was last busy, so a cold load can be followed until it is idle.
 */
export function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, { url: string; js: boolean; headerBytes: number }>();
  let inFlight = 0;
  let lastActivity = Date.now();
  let loadedAt: number | null = null;
  const scripts: { url: string; bytes: number }[] = [];
  const afterLoad: string[] = [];
  const done = (id: string) => {
    if (!requests.has(id)) return;
    requests.delete(id);
    inFlight--;
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    if (!requests.has(e.requestId)) inFlight++;
    requests.set(e.requestId, { url: e.request.url, js: e.type === 'Script', headerBytes: 0 });
    lastActivity = Date.now();
    if (loadedAt !== null)
      afterLoad.push(`${Date.now() - loadedAt} ms ${e.request.method} ${new URL(e.request.url).pathname}`);
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.js ||= e.type === 'Script' || /javascript/.test(e.response.mimeType);
    r.headerBytes = e.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r?.js) scripts.push({ url: r.url, bytes: e.encodedDataLength - r.headerBytes });
    done(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));
  return {
    loaded: () => void (loadedAt ??= Date.now()),
    /** Resolves once nothing was in flight for `quietMs` (or after `capMs`). */
    async idle(quietMs: number, capMs: number) {
      const stopAt = Date.now() + capMs;
      while (Date.now() < stopAt && (inFlight > 0 || Date.now() - lastActivity < quietMs))
        await new Promise((r) => setTimeout(r, 100));
    },
    scripts,
    afterLoad,
  };
}

export async function loadCost(page: Page, cdp: CDPSession, net: ReturnType<typeof watchNetwork>): Promise<LoadCost> {
  await page.waitForLoadState('load', { timeout: 60_000 });
  net.loaded();
  await net.idle(IDLE_QUIET_MS, IDLE_CAP_MS);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.send('Performance.disable');
  const heapBytes = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  const scripts = net.scripts.map((s) => `${new URL(s.url).pathname} ${s.bytes}`);
  return { jsBytes: net.scripts.reduce((a, s) => a + s.bytes, 0), scripts, heapBytes, afterLoad: [...net.afterLoad] };
}

/** One cold load of `url` in a fresh context on the bench's phone and network, nothing injected: its cost. */
export async function unprobedCost(browser: Browser, url: string): Promise<LoadCost> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const net = watchNetwork(cdp);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    return await loadCost(page, cdp, net);
  } finally {
    await context.close();
  }
}
