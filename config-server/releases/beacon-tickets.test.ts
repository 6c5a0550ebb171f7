/**
 * The guard counts only what the server handed out: forged beacons change no count and no
 * verdict (anonymous, claiming the other arm, replayed, expired, for another release, tampered), a real view counts
 * once as one page view, keys rotate without a ticket lost. Every exchange is checked against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { TelemetryStore } from '../store/telemetry-records.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { releaseFigures, verdictOf } from './release-stats.js';
import { startTestRelease } from './testing/test-release.js';
import { fetchTicket, postBeacon } from './testing/test-tickets.js';
import { ViewTickets } from './view-ticket.js';

const NEW_KEY = 'new-view-ticket-key-0123456789abcdef';
const OLD_KEY = 'old-view-ticket-key-0123456789abcdef';
const SCREEN = 'complaint-entry';

const sums = async (t: TelemetryStore, release: string) =>
  Object.fromEntries((await t.figures(release)).counts.map((c) => [`${c.arm || '-'} ${c.metric}`, c.n]));

describe('view tickets', () => {
  let s: TestServer;
  let release: string;
  let other: string;
  let n = 0;
  /** A fresh borrower's ticket for `screen` (optionally in `arm`), each from its own address. */
  const ticketOf = async (arm?: 'base' | 'candidate', screen = SCREEN, rel = release) => {
    for (;;) {
      const t = await fetchTicket(s.url, screen, `device-${++n}`, rel, `203.0.113.${n % 250}`);
      if (!arm || t.arm === arm) return t;
    }
  };
  /** What a forged beacon must not move: the release's counts, histograms and the guard's verdict. */
  const state = async (id = release) => {
    const r = s.config.snapshot().releases.find((x) => x.id === id)!;
    return {
      figures: await s.config.telemetry.figures(id),
      verdict: verdictOf(r, await releaseFigures(s.config.telemetry, r)),
    };
  };

  beforeAll(async () => {
    // Loopback is the trusted proxy: X-Forwarded-For says each borrower's address. The new key signs, the old verifies.
    s = await startTestServer({
      guardMs: 3_600_000,
      beaconLimit: { limit: 1_000_000, windowMs: 60_000 },
      env: { TRUST_PROXY: 'loopback', VIEW_TICKET_KEYS: `${NEW_KEY},${OLD_KEY}`, BEACON_VIEWS_PER_ADDRESS: '50' },
    });
    release = (await startTestRelease(s, { screens: [SCREEN], guard: true })).id;
    other = (await startTestRelease(s, { screens: ['complaint-list'], guard: true })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  it('hands a fresh ticket out with every answer naming a borrower, 200 and 304 alike, and none without one', async () => {
    const url = `${s.url}/config/v1/screens/${SCREEN}?market=ID&deviceId=device-x`;
    const a = await fetch(url);
    const b = await fetch(url, { headers: { 'if-none-match': a.headers.get('etag')! } });
    expect([a.status, b.status]).toEqual([200, 304]);
    const [ta, tb] = [a.headers.get('x-view-ticket'), b.headers.get('x-view-ticket')];
    expect(ta).toBeTruthy();
    expect(tb).toBeTruthy();
    expect(ta).not.toBe(tb);
    expect(a.headers.get('cache-control')).toBe('private, no-cache');
    // Signed, not secret: it says the view id, screen, release and arm, expiry, and nothing about the borrower.
    const payload = JSON.parse(Buffer.from(ta!.split('.')[0], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['e', 'r', 's', 'v']);
    expect(JSON.stringify(payload)).not.toContain('device-x');
    expect(payload.r).toEqual([[release, a.headers.get('x-config-release')!.endsWith('candidate') ? 'c' : 'b']]);
    const anonymous = await fetch(`${s.url}/config/v1/screens/${SCREEN}?market=ID`);
    expect(anonymous.headers.get('x-view-ticket')).toBeNull();
    // A screen no release touches gets one when its market's bundle has none in flight either: none.
    expect(
      (await fetch(`${s.url}/config/v1/screens/not-found?market=ID&deviceId=device-x`)).headers.get('x-view-ticket'),
    ).toBeNull();
  });

  it("counts a real view once, for its ticket's arm, as one page view with at most 20 errors, whatever the body claims", async () => {
    const { ticket, arm } = await ticketOf();
    const before = await sums(s.config.telemetry, release);
    const entry = {
      screen: SCREEN,
      ticket,
      pageViews: 50,
      renderErrors: 30,
      apiFailures: { problemInit: 30 },
      lcp: [1000, 5000],
      inp: [40, 900],
    };
    expect(await postBeacon(s.url, [entry], '198.51.100.1')).toBe(204);
    const after = await sums(s.config.telemetry, release);
    const added = Object.fromEntries(
      Object.entries(after)
        .map(([k, v]) => [k, v - (before[k] ?? 0)])
        .filter(([, v]) => v),
    );
    expect(added).toEqual({ [`${arm} pageViews`]: 1, [`${arm} renderErrors`]: 20 });
    // Replayed, from the same address or another: nothing more.
    const counted = await state();
    expect(await postBeacon(s.url, [entry], '198.51.100.1')).toBe(204);
    expect(await postBeacon(s.url, [entry, entry], '198.51.100.2')).toBe(204);
    expect(await state()).toEqual(counted);
  });

  it('counts an anonymous beacon for no release, and refuses one that names a release', async () => {
    const before = await state();
    const own = (await sums(s.config.telemetry, ''))['- pageViews'] ?? 0;
    expect(
      await postBeacon(s.url, [{ screen: SCREEN, pageViews: 30, renderErrors: 30, apiFailures: { problemInit: 30 } }]),
    ).toBe(204);
    expect(
      await postBeacon(s.url, [
        { screen: SCREEN, releases: [{ id: release, arm: 'candidate' }], pageViews: 30, renderErrors: 30 },
      ]),
    ).toBe(400);
    expect(await state()).toEqual(before);
    // The screen's own figures (no guard reads them) took the anonymous one.
    expect((await sums(s.config.telemetry, ''))['- pageViews']).toBe(own + 30);
  });

  it('never takes the arm from the body: a base ticket cannot count as the candidate', async () => {
    const { ticket } = await ticketOf('base');
    const before = await state();
    expect(
      await postBeacon(s.url, [
        { screen: SCREEN, ticket, releases: [{ id: release, arm: 'candidate' }], pageViews: 1, renderErrors: 1 },
      ]),
    ).toBe(400);
    // The payload edited to say candidate, with the signature it had: forged.
    const [payload, sig] = ticket.split('.');
    const edited = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('"b"]', '"c"]')).toString(
      'base64url',
    );
    expect(edited).not.toBe(payload);
    expect(
      await postBeacon(s.url, [{ screen: SCREEN, ticket: `${edited}.${sig}`, pageViews: 1, renderErrors: 1 }]),
    ).toBe(204);
    expect(await state()).toEqual(before);
  });

  it('counts nothing of an expired ticket, a tampered signature, or a key it does not know', async () => {
    const before = await state();
    const claim = [{ id: release, arm: 'candidate' as const }];
    const expired = new ViewTickets([NEW_KEY], 7200, () => Date.now() - 3 * 3600_000).mint(SCREEN, claim)!;
    const unknownKey = new ViewTickets(['an-attacker-guessed-key-0123456789abcdef']).mint(SCREEN, claim)!;
    const { ticket } = await ticketOf('candidate');
    const [payload, sig] = ticket.split('.');
    const flipped = `${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    for (const t of [expired, unknownKey, flipped]) {
      expect(await postBeacon(s.url, [{ screen: SCREEN, ticket: t, pageViews: 1, renderErrors: 5 }])).toBe(204);
    }
    expect(await state()).toEqual(before);
  });

  it('counts nothing of a ticket for another release or screen, nor of a release no longer in flight', async () => {
    const before = [await state(), await state(other)];
    const { ticket } = await ticketOf('candidate', 'complaint-list', other);
    // The other release's view, claimed for this release's screen: the ticket names another screen.
    expect(await postBeacon(s.url, [{ screen: SCREEN, ticket, pageViews: 1, renderErrors: 5 }])).toBe(204);
    expect([await state(), await state(other)]).toEqual(before);
    await s.config.store.releases.rollbackRelease(other, { user: 'pat', reason: 'over' });
    await s.config.refresh();
    const ended = await s.config.telemetry.figures(other);
    expect(await postBeacon(s.url, [{ screen: 'complaint-list', ticket, pageViews: 1, renderErrors: 5 }])).toBe(204);
    expect(await s.config.telemetry.figures(other)).toEqual(ended);
  });

  it('rotates keys without downtime: the new key signs, a ticket of the old one still counts', async () => {
    const { ticket } = await ticketOf();
    expect(new ViewTickets([NEW_KEY]).verify(ticket)).toBeDefined();
    expect(new ViewTickets([OLD_KEY]).verify(ticket)).toBeUndefined();
    const old = new ViewTickets([OLD_KEY]).mint(SCREEN, [{ id: release, arm: 'base' }])!;
    const before = (await sums(s.config.telemetry, release))['base pageViews'] ?? 0;
    expect(await postBeacon(s.url, [{ screen: SCREEN, ticket: old, pageViews: 1 }], '198.51.100.40')).toBe(204);
    expect((await sums(s.config.telemetry, release))['base pageViews']).toBe(before + 1);
  });

  it('gives a drawn page its own ticket per response, and its beacon counts once', async () => {
    const page = async () => {
      const r = await fetch(`${s.url}/complaint?market=ID&deviceId=page-borrower`);
      const html = await r.text();
      return {
        r,
        boot: JSON.parse(/<script type="application\/json" id="sdui-boot">(.*?)<\/script>/s.exec(html)![1]) as {
          viewTicket?: string;
          release?: string;
        },
      };
    };
    const [a, b] = [await page(), await page()];
    expect(a.boot.viewTicket).toBeTruthy();
    expect(a.boot.viewTicket).not.toBe(b.boot.viewTicket);
    // Its borrower's alone (private: no shared cache keeps one view's ticket).
    expect(a.r.headers.get('cache-control')).toMatch(/^private, no-(cache|store)$/);
    const arm = a.boot.release!.split('=')[1];
    const before = (await sums(s.config.telemetry, release))[`${arm} pageViews`] ?? 0;
    const entry = { screen: SCREEN, ticket: a.boot.viewTicket, pageViews: 1 };
    expect(await postBeacon(s.url, [entry], '198.51.100.50')).toBe(204);
    expect(await postBeacon(s.url, [entry], '198.51.100.50')).toBe(204);
    expect((await sums(s.config.telemetry, release))[`${arm} pageViews`]).toBe(before + 1);
    // No borrower named: no ticket in the page.
    const anon = await (await fetch(`${s.url}/complaint?market=ID`)).text();
    expect(anon).not.toContain('viewTicket');
  });
});
