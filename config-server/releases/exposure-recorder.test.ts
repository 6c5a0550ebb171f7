/**
 * Exposure is what the server saw: a borrower handed a view ticket for a screen a release with an experiment touches
 * (fetched or drawn) is exposed once, in the ticket's arm, with their market and the time of the first view. No
 * deviceId, or a release without an experiment, records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket } from './testing/test-tickets.js';

const SCREEN = 'complaint-entry';
const total = (rows: { n: number }[]) => rows.reduce((a, r) => a + r.n, 0);

describe('experiment exposures', () => {
  let s: TestServer;
  let release: string;
  let plain: string;
  const counts = async (id = release) => {
    await s.config.exposures.flush();
    return s.config.store.experiments.experimentCounts(id);
  };

  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000 });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { screens: [SCREEN], experiment })).id;
    plain = (await startTestRelease(s, { screens: ['complaint-list'] })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it("records a fetched screen's borrower once, in the ticket's arm, however often they come back", async () => {
    const first = await fetchTicket(s.url, SCREEN, 'dev-a', release);
    await fetchTicket(s.url, SCREEN, 'dev-a', release);
    await fetchTicket(s.url, SCREEN, 'dev-a', release);
    const c = await counts();
    expect(c.exposures).toEqual([{ arm: first.arm, market: 'ID', day: expect.any(Number), n: 1 }]);
  });

  it('records a drawn page the same way, and each borrower once', async () => {
    const before = total((await counts()).exposures);
    for (const d of ['dev-b', 'dev-c', 'dev-b']) {
      const r = await fetch(`${s.url}/complaint?market=ID&deviceId=${d}`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('"viewTicket"');
    }
    expect(total((await counts()).exposures)).toBe(before + 2);
  });

  it('records nothing for a HEAD of a drawn page: no one saw it', async () => {
    const before = total((await counts()).exposures);
    // A link checker or a prefetching shell asks for the headers alone (global fetch: HEAD has no body to check).
    const r = await globalThis.fetch(`${s.url}/complaint?market=ID&deviceId=dev-head`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(total((await counts()).exposures)).toBe(before);
    const seen = await fetch(`${s.url}/complaint?market=ID&deviceId=dev-head`);
    expect(await seen.text()).toContain('"viewTicket"');
    expect(total((await counts()).exposures)).toBe(before + 1);
  });

  it("draws a page URL repeating the deviceId in the arm the borrower's app is served, and exposes them there", async () => {
    // A native shell appending the common params to a link that has them: the app reads the last deviceId and asks
    // the config API for its arm; the page must be drawn in that arm, not in the base one as if it had none.
    const arms = new Set<string>();
    // The release's seed is new each run: 20 devices put both arms in the check all but once in ~500 000 runs.
    for (const d of Array.from({ length: 20 }, (_, i) => `dev-r${i}`)) {
      const served = await fetchTicket(s.url, SCREEN, d, release);
      arms.add(served.arm);
      const r = await fetch(`${s.url}/complaint?market=ID&deviceId=${d}&deviceId=${d}`);
      expect(r.headers.get('x-config-release'), d).toBe(`${release}=${served.arm}`);
      expect(await r.text(), d).toContain('"viewTicket"');
    }
    expect(arms.size).toBe(2);
  });

  it('records nothing without a deviceId, nor for a release without an experiment', async () => {
    const before = total((await counts()).exposures);
    await (await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID`)).arrayBuffer();
    await fetchTicket(s.url, 'complaint-list', 'dev-d', plain);
    expect(total((await counts()).exposures)).toBe(before);
    expect(await counts(plain)).toEqual({ exposures: [], hits: [] });
  });

  it('keeps a market no one publishes out of the results: one row per real market however many a query names', async () => {
    // A script fetching the screen with made-up markets: each would be a market of its own in the results, a row per
    // market, arm and day in the store.
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=Z${i}&deviceId=forged-market-${i}`);
      await r.arrayBuffer();
      expect(r.headers.get('x-view-ticket')).toBeTruthy();
    }
    const c = await counts();
    const published = new Set([...s.config.snapshot().markets, '']);
    expect(c.exposures.map((e) => e.market).filter((m) => !published.has(m))).toEqual([]);
    // The borrowers were still served the release: they count, under no market.
    expect(total(c.exposures.filter((e) => e.market === ''))).toBe(5);
  });

  it("keeps a borrower in their own arm when the query names the other arm's body (v)", async () => {
    // The candidate's screen ETag is no secret: any borrower in that arm is told it.
    let tag = '';
    for (let i = 0; !tag; i++) {
      const r = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID&deviceId=etag-${i}`);
      await r.arrayBuffer();
      if (r.headers.get('x-config-release')?.endsWith('=candidate')) tag = r.headers.get('etag')!.replace(/"/g, '');
    }
    const before = await counts();
    const armOfTicket = (t: string) =>
      (JSON.parse(Buffer.from(t.split('.')[0], 'base64url').toString()) as { r: [string, string][] }).r.find(
        ([id]) => id === release,
      )?.[1];
    const own: string[] = [];
    for (let i = 0; i < 20; i++) {
      // A script asking for the candidate's body for every borrower it makes up: each would be exposed as candidate.
      const forced = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID&deviceId=v-${i}&v=${tag}`);
      await forced.arrayBuffer();
      const ticket = forced.headers.get('x-view-ticket');
      const mine = (await fetchTicket(s.url, SCREEN, `v-${i}`, release)).arm;
      own.push(mine);
      if (ticket) expect(armOfTicket(ticket)).toBe(mine === 'candidate' ? 'c' : 'b');
    }
    const after = await counts();
    const added = (arm: string) =>
      total(after.exposures.filter((e) => e.arm === arm)) - total(before.exposures.filter((e) => e.arm === arm));
    expect(own.filter((a) => a === 'base').length).toBeGreaterThan(3);
    expect([added('base'), added('candidate')]).toEqual([
      own.filter((a) => a === 'base').length,
      own.filter((a) => a === 'candidate').length,
    ]);
  });

  it("spreads borrowers over both arms as the release's split says", async () => {
    const before = await counts();
    for (let i = 0; i < 60; i++) await fetchTicket(s.url, SCREEN, `many-${i}`, release);
    const c = await counts();
    const arm = (x: typeof c, a: string) => total(x.exposures.filter((e) => e.arm === a));
    expect(arm(c, 'base') + arm(c, 'candidate') - total(before.exposures)).toBe(60);
    expect(arm(c, 'base')).toBeGreaterThan(10);
    expect(arm(c, 'candidate')).toBeGreaterThan(10);
  });
});

describe('exposures of a release the bundle carries', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000 });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { documents: [{ kind: 'text-set', id: 'id-ID' }], experiment })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('exposes every borrower the server tells their arm, so no one can pick whom to expose', async () => {
    // A script learns 40 made-up borrowers' arms from the bundle, then opens a screen as the base's ones only: were
    // only those exposed, the split would look broken and the experiment would give no verdict.
    const arms: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await fetch(`${s.url}/config/v1/bundle?market=ID&deviceId=peek-${i}`);
      await r.arrayBuffer();
      const arm = r.headers.get('x-config-release')!.endsWith('=candidate') ? 'candidate' : 'base';
      arms.push(arm);
      if (arm === 'base') await fetchTicket(s.url, SCREEN, `peek-${i}`, release);
    }
    await s.config.exposures.flush();
    const c = await s.config.store.experiments.experimentCounts(release);
    const of = (arm: string) => total(c.exposures.filter((e) => e.arm === arm));
    expect([of('base'), of('candidate')]).toEqual([
      arms.filter((a) => a === 'base').length,
      arms.filter((a) => a === 'candidate').length,
    ]);
  });
});
