/**
 * Live stream caps: one address holds only its share of the borrowers' streams, the console has its own cap, every
 * cap stays below the process's file limit, and a full replica still answers /healthz, pages and logins.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../openapi/check.js';
import { PASSWORD, startTestServer, type TestServer } from '../testing/test-helpers.js';
import { readFileLimit, softFileLimitOf } from './file-limit.js';
import { DEFAULT_LIVE_SETTINGS } from './live-settings.js';
import { streamCaps } from './stream-caps.js';
import { openReady, type SseClient } from './testing/sse-client.js';

describe('stream caps below the file limit', () => {
  it("reads the process's soft file limit as `ulimit -n` says it", () => {
    expect(softFileLimitOf('Max open files            1024                 4096                 files\n')).toBe(1024);
    expect(softFileLimitOf('Max open files            unlimited            unlimited            files\n')).toBe(
      undefined,
    );
    expect(readFileLimit()).toBe(Number(execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()));
  });

  it('keeps borrowers and console together a reserve below the limit, and says what it chose', () => {
    const caps = streamCaps({ ...DEFAULT_LIVE_SETTINGS, maxStreams: 300 }, 400);
    expect(caps.borrowers + caps.consoles).toBeLessThanOrEqual(400 - 128);
    expect(caps.borrowers).toBeGreaterThan(200);
    expect(caps.consoles).toBeGreaterThan(0);
    expect(caps.perAddress).toBe(Math.ceil(caps.borrowers * 0.05));
    expect(caps.note).toMatch(/file limit 400, streams kept to 272 \(LIVE_MAX_STREAMS 300/);
    // Under a large limit the settings stand.
    expect(streamCaps({ ...DEFAULT_LIVE_SETTINGS, maxStreams: 300 }, 65_536)).toMatchObject({
      borrowers: 300,
      consoles: 200,
      perAddress: 15,
    });
  });
});

describe('a full replica', () => {
  let s: TestServer;
  const lines: string[] = [];
  const open: SseClient[] = [];
  const stream = async (address: string) => {
    const c = await openReady(`${s.url}/config/v1/live?market=ID`, { 'x-forwarded-for': address });
    if (c.status === 200) open.push(c);
    return c;
  };
  beforeAll(async () => {
    s = await startTestServer({
      env: { TRUST_PROXY: 'loopback', LIVE_MAX_STREAMS: '20', LIVE_ADDRESS_SHARE: '25', LIVE_MAX_CONSOLE_STREAMS: '2' },
      log: (m: string) => void lines.push(m),
    });
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await s?.stop();
  });

  it('logs the caps it chose at start', () => {
    expect(lines).toContainEqual(
      expect.stringMatching(/^live streams: 20 borrowers \(5 per address, 25 %\), 2 console \(file limit \d+\)$/),
    );
  });

  it('gives one address its share only (429 + Retry-After), other addresses the rest, then 503 for everyone', async () => {
    for (let i = 0; i < 5; i++) expect((await stream('10.5.0.1')).status).toBe(200);
    const over = await checkedFetch(`${s.url}/config/v1/live?market=ID`, {
      headers: { 'x-forwarded-for': '10.5.0.1' },
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('3');
    expect((await over.json()).error.details).toEqual({ limit: 'LIVE_ADDRESS_SHARE' });
    for (const a of ['10.5.0.2', '10.5.0.3', '10.5.0.4'])
      for (let i = 0; i < 5; i++) expect((await stream(a)).status).toBe(200);
    const full = await checkedFetch(`${s.url}/config/v1/live?market=ID`, {
      headers: { 'x-forwarded-for': '10.5.0.9' },
    });
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('3');
  });

  it('still answers /healthz, a page and a login, and the console has its own streams', async () => {
    expect(s.config.live.size).toBe(20);
    expect((await checkedFetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await checkedFetch(`${s.url}/not-a-page-at-all?market=ID`)).status).toBeLessThan(500);
    const login = await checkedFetch(`${s.url}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'vera', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const consoles = [await openReady(`${s.url}/admin/api/live`, { cookie })];
    consoles.push(await openReady(`${s.url}/admin/api/live`, { cookie }));
    open.push(...consoles);
    expect(consoles.map((c) => c.status)).toEqual([200, 200]);
    const third = await checkedFetch(`${s.url}/admin/api/live`, { headers: { cookie } });
    expect(third.status).toBe(503);
    expect((await third.json()).error.details).toEqual({ limit: 'LIVE_MAX_CONSOLE_STREAMS' });
  });

  it('gives an address its slot back when one of its streams closes', async () => {
    open.find((c) => c.headers && c.status === 200)!.close();
    open.shift();
    const deadline = Date.now() + 2000;
    let again: SseClient | undefined;
    while (Date.now() < deadline) {
      again = await stream('10.5.0.1');
      if (again.status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(again!.status).toBe(200);
  });
});
