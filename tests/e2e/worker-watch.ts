/**
 * What a page's service workers and navigations did, for a failing browser test to say. The new-build takeover
 * test failed inside the whole suite only, never alone; a bare "not loaded after 30 s" told nothing of where the
 * takeover stopped (a waiting worker never told, an old worker still busy, a page served by the old worker).
 * The same watch gives a test the workers' running states and a way to stop them all, as a phone stops idle ones.
 */
import type { Page } from 'playwright-core';

interface Version {
  versionId: string;
  status: string;
  runningStatus: string;
  controlledClients?: string[];
}

export interface WorkerWatch {
  /** Everything seen since the watch began, and the page's view of its workers now. */
  report(): Promise<string>;
  /** The running state of each activated version, as the browser last reported it. */
  activeRunning(): string[];
  /** Stops every worker, as a phone does with an idle one. */
  stopAll(): Promise<unknown>;
}

export async function watchWorkers(page: Page): Promise<WorkerWatch> {
  const t0 = Date.now();
  const lines: string[] = [];
  const note = (line: string) => lines.push(`+${((Date.now() - t0) / 1000).toFixed(2)}s ${line}`);
  const active = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Version[] }) => {
    for (const v of e.versions) {
      note(`worker ${v.versionId} ${v.status} ${v.runningStatus}, controls ${v.controlledClients?.length ?? 0}`);
      if (v.status === 'activated') active.set(v.versionId, v.runningStatus);
    }
  });
  await cdp.send('ServiceWorker.enable');
  page.on('response', (r) => {
    if (!r.request().isNavigationRequest()) {
      // What else the page asked for: a fetch event for a controlling worker unless a static route passes it by
      // (the app's own files left out: many, and answered from the precache at once).
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/assets/'))
        note(`request ${r.request().method()} ${url.pathname} ${r.status()} from the worker ${r.fromServiceWorker()}`);
      return;
    }
    void r.text().then(
      (body) => {
        const build = /name="sdui-build" content="([^"]*)"/.exec(body)?.[1] ?? 'none';
        const kept = body.includes('name="sdui-kept"') ? ', a kept page' : '';
        note(
          `page ${new URL(r.url()).pathname} ${r.status()} from the worker ${r.fromServiceWorker()}, build ${build}${kept}`,
        );
      },
      () => note(`page ${new URL(r.url()).pathname} ${r.status()}, body unread`),
    );
  });
  return {
    activeRunning: () => [...active.values()],
    stopAll: () => cdp.send('ServiceWorker.stopAllWorkers'),
    async report() {
      const now = await page
        .evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return `controller ${navigator.serviceWorker.controller?.state ?? 'none'}, active ${r?.active?.state ?? 'none'}, waiting ${r?.waiting?.state ?? 'none'}, installing ${r?.installing?.state ?? 'none'}`;
        })
        .catch((e: unknown) => `page unreadable: ${(e as Error).message}`);
      return [...lines, `now: ${now}`].join('\n');
    },
  };
}
