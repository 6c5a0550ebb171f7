import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerPage, keepPage, setKeptPagesBuild } from './kept-pages';
import { KEEP_PAGE, PAGES_CACHE } from './worker-protocol';

/** The worker's Cache Storage, as far as kept-pages.ts uses it: responses by URL. */
class FakeCache {
  entries = new Map<string, Response>();
  keys = () => Promise.resolve([...this.entries.keys()].map((u) => new Request(u)));
  match = (req: Request | string) =>
    Promise.resolve(this.entries.get(typeof req === 'string' ? req : req.url)?.clone());
  put = (url: string, res: Response) => void this.entries.set(url, res);
  delete = (req: Request | string) => Promise.resolve(this.entries.delete(typeof req === 'string' ? req : req.url));
}

const HOUR = 3600_000;
const origin = self.location.origin;
/** A page the server drew for the borrower of `url`: their answers in its hand-off. */
const drawn = (url: string) =>
  new Response(
    `<!doctype html><html><head><meta charset="UTF-8"></head><body><div id="root" data-ssr="">` +
      `<p>Tagihan untuk ${url}</p></div></body></html>`,
    { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
  );

let pages: FakeCache;
let now: number;
const who = JSON.stringify([['token', 'T1']]);
const keep = (path: string, maxAgeMs: number) => keepPage({ type: KEEP_PAGE, url: `${origin}${path}`, who, maxAgeMs });
const SHELL = 'the shell';
/** A navigation to `path` with no connection: the kept page, or the shell when nothing is kept. */
async function openOffline(path: string): Promise<string> {
  const event = { request: new Request(`${origin}${path}`), waitUntil: () => {} } as unknown as FetchEvent;
  const res = await answerPage(event, Promise.reject(new TypeError('offline')), () =>
    Promise.resolve(new Response(SHELL)),
  );
  return res.text();
}

/** A navigation to `path` the network answers with `answer`; `shell`: what the precache holds for the shell. */
async function openWith(path: string, answer: Response, shell: Response = new Response(SHELL)): Promise<Response> {
  const event = { request: new Request(`${origin}${path}`), waitUntil: () => {} } as unknown as FetchEvent;
  return answerPage(event, Promise.resolve(answer), () => Promise.resolve(shell));
}

beforeEach(() => {
  pages = new FakeCache();
  vi.stubGlobal('caches', { open: (name: string) => Promise.resolve(name === PAGES_CACHE ? pages : new FakeCache()) });
  vi.stubGlobal('fetch', (url: string) => Promise.resolve(drawn(url)));
  now = Date.UTC(2026, 10, 29, 8, 0);
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  setKeptPagesBuild('build-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pages kept on the phone', () => {
  it('opens a page kept for the borrower from the phone', async () => {
    await keep('/bills?token=T1', 24 * HOUR);
    expect(await openOffline('/bills?token=T1')).toContain('Tagihan untuk');
  });

  it('leaves nothing on the phone older than a day, even pages the borrower never opens again', async () => {
    await keep('/bills?token=T1&id=1', 24 * HOUR);
    now += 25 * HOUR;
    await keep('/bills?token=T1&id=2', 24 * HOUR);
    expect([...pages.entries.keys()]).toEqual([`${origin}/bills?token=T1&id=2`]);
  });

  it('keeps a bounded number of pages, the latest ones', async () => {
    for (let i = 0; i < 60; i++) {
      now += 1000;
      await keep(`/complaint?token=T1&id=${i}`, 24 * HOUR);
    }
    expect(pages.entries.size).toBeLessThanOrEqual(20);
    expect(pages.entries.has(`${origin}/complaint?token=T1&id=59`)).toBe(true);
    expect(pages.entries.has(`${origin}/complaint?token=T1&id=0`)).toBe(false);
  });

  it('stops answering with kept pages once the market keeps nothing (keepAnswersHours 0)', async () => {
    await keep('/bills?token=T1', 24 * HOUR);
    now += 60_000;
    await keep('/profile?token=T1', 0);
    expect(await openOffline('/bills?token=T1')).toBe(SHELL);
    expect(await openOffline('/profile?token=T1')).toBe(SHELL);
  });

  it('a page drawn in the browser (none to keep) leaves the kept ones as they are', async () => {
    await keep('/bills?token=T1', 24 * HOUR);
    now += 60_000;
    await keepPage({ type: KEEP_PAGE, url: '', who, maxAgeMs: 24 * HOUR });
    expect([...pages.entries.keys()]).toEqual([`${origin}/bills?token=T1`]);
    expect(await openOffline('/bills?token=T1')).toContain('Tagihan untuk');
  });

  it('holds a page no longer than the market allows now, when it shortened its time', async () => {
    await keep('/bills?token=T1', 24 * HOUR);
    now += 2 * HOUR;
    await keep('/profile?token=T1', 1 * HOUR);
    expect(await openOffline('/bills?token=T1')).toBe(SHELL);
    expect(await openOffline('/profile?token=T1')).toContain('Tagihan untuk');
  });

  it('drops every page of another borrower', async () => {
    await keep('/bills?token=T1', 24 * HOUR);
    const other = JSON.stringify([['token', 'T2']]);
    await keepPage({ type: KEEP_PAGE, url: `${origin}/bills?token=T2`, who: other, maxAgeMs: 24 * HOUR });
    expect([...pages.entries.keys()]).toEqual([`${origin}/bills?token=T2`]);
  });

  it('a proxy’s 502 during a deploy, with no page kept: the shell opens the app from its last good copies', async () => {
    const res = await openWith('/bills?token=T1', new Response('<h1>502 Bad Gateway</h1>', { status: 502 }));
    expect(await res.text()).toBe(SHELL);
  });

  it('the server’s own answer passes when no shell is precached, and a 404 is never replaced', async () => {
    const bad = await openWith('/bills?token=T1', new Response('down', { status: 503 }), Response.error());
    expect(bad.status).toBe(503);
    const missing = await openWith('/nowhere?token=T1', new Response('no such page', { status: 404 }));
    expect(await missing.text()).toBe('no such page');
  });
});
