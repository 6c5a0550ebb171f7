/**
 * Live changes seen from a test: records every event of a page's streams (`/config/v1/live`) with its
 * arrival time, by wrapping EventSource in an init script (the app's own code is untouched), and tells whether the page
 * is still the same document (a reload would lose the mark).
 */
import type { Page } from 'playwright-core';

export interface Heard {
  type: string;
  data: string;
  /** Date.now() in the page: the same clock as the test's and the in-process server's. */
  at: number;
}

/** Records every `published` and `release` event of the page's streams; call before the first navigation. */
export async function recordStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: { type: string; data: string; at: number }[] = ((window as unknown as { __heard: unknown[] }).__heard =
      []);
    const Real = window.EventSource;
    window.EventSource = class extends Real {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        for (const type of ['published', 'release'])
          this.addEventListener(type, (e) => heard.push({ type, data: (e as MessageEvent).data, at: Date.now() }));
      }
    } as typeof EventSource;
  });
}

export const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);
/** Set once by the test: still there means the page was never reloaded. */
export const mark = (page: Page) =>
  page.evaluate(() => void ((window as unknown as { __same: boolean }).__same = true));
export const same = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);
