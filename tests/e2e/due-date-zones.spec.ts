/**
 * One clock for dates: a due date drawn by a server whose process runs in UTC reads the same on a phone in the
 * market's zone (Asia/Jakarta for ID, Asia/Kolkata for IN) before and after the app hydrates the page, when it falls at
 * 23:30 and at 00:30 there (00:30 is still the day before in UTC). The due date comes from a backend's fixed answer
 * (a small server of this test, on the API map's origin), both as an instant (epoch ms) and as the backend's text
 * without a zone; the screen shows it through a binding (`date()`) and through ICU copy (`{due, date, long}`). The
 * phone's clock is set to the same moment. Each page is opened with the app's scripts held back, so the first text read
 * is the server's own.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdAppScripts, screenVisible, startHarness, type Harness } from './harness';

// The server is started in this process by the harness: its drawing runs in this process's zone.
process.env.TZ = 'UTC';

let h: Harness;
let backend: http.Server;
let dir: string;
const backendCalls: string[] = [];
let seq = 0;

/** The backend's answer: the due date of the call's `at` (epoch ms) and its wall-clock text `local`, as sent. */
function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://backend');
  backendCalls.push(url.pathname);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (url.pathname !== '/api/due-date') return res.writeHead(404).end('{}');
  const data = { dueAt: Number(url.searchParams.get('at')), dueLocal: url.searchParams.get('local') };
  res.end(JSON.stringify({ code: 0, message: '', data }));
}

/** A copy of the documents with one more screen (its route, copy and call), and the API map on the test's backend. */
function screensWithDueDate(origin: string): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sdui-due-date-'));
  fs.cpSync('screens', out, { recursive: true });
  const edit = (file: string, change: (doc: Record<string, any>) => void) => {
    const p = path.join(out, file);
    const doc = JSON.parse(fs.readFileSync(p, 'utf8'));
    change(doc);
    fs.writeFileSync(p, JSON.stringify(doc, null, 2));
  };
  edit('maps/api-map.json', (map) => {
    map.baseUrl = `${origin}/api`;
    map.endpoints.dueDate = {
      method: 'GET',
      path: '/due-date',
      encoding: 'query',
      successCode: 0,
      onFailure: 'silent',
      params: ['at', 'local'],
      firstCall: { by: 'server', why: 'A read: the due date of a loan.' },
      description: 'The due date of a loan: dueAt (epoch ms) and dueLocal (the backend wall-clock text).',
    };
  });
  edit('maps/route-map.json', (routes) =>
    routes.routes.unshift({ path: '/dueDate', screen: 'due-date', description: 'A loan due date.' }),
  );
  const copy = {
    'id-ID': ['Tanggal jatuh tempo', 'Jatuh tempo {due, date, long}'],
    'en-IN': ['Due date', 'Due {due, date, long}'],
  };
  for (const [locale, [title, due]] of Object.entries(copy))
    edit(`texts/${locale}.json`, (set) => Object.assign(set.texts, { 'title.dueDate': title, 'due.on': due }));
  const when = 'state.due';
  const screen = {
    kind: 'screen',
    id: 'due-date',
    schemaVersion: 1,
    description: 'A loan due date from the backend, as a binding and as copy.',
    title: 'title.dueDate',
    state: { due: null },
    onLoad: [
      {
        action: 'api',
        endpoint: 'dueDate',
        params: { at: '{{ query.at }}', local: '{{ query.local }}' },
        resultTo: 'due',
      },
    ],
    body: [
      {
        type: 'page',
        title: 'title.dueDate',
        children: [
          {
            type: 'stack',
            gap: 'md',
            padding: 'md',
            children: [
              { type: 'text', value: "at {{ date(state.due.dueAt, 'YYYY-MM-DD HH:mm:ss') }}", when },
              { type: 'text', key: 'due.on', args: { due: '{{ state.due.dueAt }}' }, when },
              { type: 'text', value: "local {{ date(state.due.dueLocal, 'YYYY-MM-DD HH:mm:ss') }}", when },
            ],
          },
        ],
      },
    ],
  };
  fs.writeFileSync(path.join(out, 'pages/developer/due-date.json'), JSON.stringify(screen, null, 2));
  return out;
}

beforeAll(async () => {
  backend = http.createServer(answer);
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
  dir = screensWithDueDate(origin);
  h = await startHarness({
    screensDir: dir,
    serverPrefetch: true,
    env: { ...process.env, TZ: 'UTC', SSR_BACKEND_ORIGINS: origin },
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise((r) => backend?.close(r));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const lines = (page: Page) =>
  page.evaluate(() =>
    document
      .getElementById('root')!
      .innerText.split('\n')
      .filter((l) => l.trim()),
  );

interface Case {
  market: 'ID' | 'IN';
  timezoneId: string;
  /** The moment, in UTC: 23:30 or 00:30 on the phone. */
  at: number;
  /** The same moment as the backend writes it without a zone (its wall clock, the market's). */
  local: string;
  shows: string[];
}

const CASES: Case[] = [
  {
    market: 'ID',
    timezoneId: 'Asia/Jakarta',
    at: Date.UTC(2026, 0, 31, 16, 30),
    local: '2026-01-31 23:30:00',
    shows: ['at 2026-01-31 23:30:00', 'Jatuh tempo 31 Januari 2026', 'local 2026-01-31 23:30:00'],
  },
  {
    market: 'ID',
    timezoneId: 'Asia/Jakarta',
    at: Date.UTC(2026, 0, 31, 17, 30),
    local: '2026-02-01 00:30:00',
    shows: ['at 2026-02-01 00:30:00', 'Jatuh tempo 1 Februari 2026', 'local 2026-02-01 00:30:00'],
  },
  {
    market: 'IN',
    timezoneId: 'Asia/Kolkata',
    at: Date.UTC(2026, 0, 31, 18, 0),
    local: '2026-01-31 23:30:00',
    shows: ['at 2026-01-31 23:30:00', 'Due 31 January 2026', 'local 2026-01-31 23:30:00'],
  },
  {
    market: 'IN',
    timezoneId: 'Asia/Kolkata',
    at: Date.UTC(2026, 0, 31, 19, 0),
    local: '2026-02-01 00:30:00',
    shows: ['at 2026-02-01 00:30:00', 'Due 1 February 2026', 'local 2026-02-01 00:30:00'],
  },
];

describe("a due date in the market's time zone, drawn on a UTC server", () => {
  it('runs the server in UTC', () => {
    expect(new Date(Date.UTC(2026, 0, 31, 17, 30)).getDate()).toBe(31);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toMatch(/^(UTC|Etc\/UTC)$/);
  });

  it.each(CASES)('$market in $timezoneId at $local: the same text drawn and hydrated', async (c) => {
    const rec = await h.newPage({ timezoneId: c.timezoneId });
    // The phone's clock reads that moment and runs on from there. Only Date is moved: Playwright's clock API also
    // replaces `performance`, whose marks tell when the app has drawn its screen (`screenVisible`).
    await rec.page.addInitScript((at: number) => {
      const RealDate = Date;
      const shift = at - RealDate.now();
      class PhoneDate extends RealDate {
        constructor(...args: unknown[]) {
          super(...((args.length ? args : [RealDate.now() + shift]) as []));
        }
        static override now() {
          return RealDate.now() + shift;
        }
      }
      globalThis.Date = PhoneDate as DateConstructor;
    }, c.at);
    const scripts = await holdAppScripts(rec.page);
    const url = h.screenUrl('/dueDate', {
      token: `due-${process.pid}-${++seq}`,
      query: { market: c.market, at: String(c.at), local: c.local },
    });
    const calls = backendCalls.length;
    await rec.page.goto(url, { waitUntil: 'commit' });
    await rec.page.locator('#root[data-ssr]').waitFor();
    const drawn = await lines(rec.page);
    expect(scripts.held(), 'the app must not have run yet').toBeGreaterThan(0);
    expect(backendCalls.length - calls, 'the server made the first call').toBe(1);
    expect(drawn).toEqual(expect.arrayContaining(c.shows));
    // The phone is where the test says, and the local text of the moment is what it reads there.
    const phone = await rec.page.evaluate(() => ({
      offset: new Date().getTimezoneOffset(),
      hour: new Date().getHours(),
    }));
    expect(phone).toEqual({ offset: c.market === 'ID' ? -420 : -330, hour: Number(c.local.slice(11, 13)) });

    scripts.release();
    await screenVisible(rec.page);
    const app = await lines(rec.page);
    expect(rec.logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
    expect(app).toEqual(expect.arrayContaining(c.shows));
    expect(app).toEqual(drawn);
    await h.screenshot(rec.page, `due-date-${c.market}-${c.local.slice(11, 13)}`);
  });
});
