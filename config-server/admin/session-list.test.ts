/**
 * The sessions page's API: a user lists their own console sessions (started, last seen, address, device) and ends any;
 * a publisher ends anyone's and disables an account, whose sessions end at once; all of it audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, testStores, type Client, type TestServer } from '../testing/test-helpers.js';

interface Listed {
  id: string;
  user: string;
  startedAt: string;
  lastSeenAt: string;
  address: string;
  device: string;
  current: boolean;
}

describe.each(testStores())('console sessions on %s', (store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ store });
  }, 60_000);
  afterAll(() => s?.stop());

  const sessions = async (c: Client, all = false) => {
    const r = await c.req('GET', `/admin/api/sessions${all ? '?all=true' : ''}`);
    expect(r.status).toBe(200);
    return ((await r.json()) as { sessions: Listed[] }).sessions;
  };
  const audit = async (c: Client) =>
    (
      (await (await c.req('GET', '/admin/api/audit?limit=20')).json()) as {
        entries: { action: string; actor: string; note: string }[];
      }
    ).entries;

  it('lists my sessions with start, last use, address and device, and ends one: its cookie gets 401', async () => {
    const laptop = await login(s.url, 'ed');
    const phone = await login(s.url, 'ed');
    const mine = await sessions(laptop);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const [current] = mine.filter((x) => x.current);
    expect(current).toMatchObject({ user: 'ed', address: expect.stringMatching(/127\.0\.0\.1/) });
    expect(Date.parse(current.startedAt)).toBeLessThanOrEqual(Date.parse(current.lastSeenAt));
    expect(typeof current.device).toBe('string');
    expect(JSON.stringify(mine)).not.toMatch(/token|csrf/i);
    const other = mine.find((x) => !x.current)!;
    expect((await laptop.req('DELETE', `/admin/api/sessions/${other.id}`)).status).toBe(204);
    expect((await phone.req('GET', '/admin/api/me')).status).toBe(401);
    expect((await laptop.req('GET', '/admin/api/me')).status).toBe(200);
    expect((await sessions(laptop)).map((x) => x.id)).not.toContain(other.id);
  });

  it("keeps a non-admin to their own: everyone's is 403, another's session 404", async () => {
    const ed = await login(s.url, 'ed');
    const pat = await login(s.url, 'pat');
    expect((await ed.req('GET', '/admin/api/sessions?all=true')).status).toBe(403);
    const patsId = (await sessions(pat)).find((x) => x.current)!.id;
    expect((await ed.req('DELETE', `/admin/api/sessions/${patsId}`)).status).toBe(404);
    expect((await pat.req('GET', '/admin/api/me')).status).toBe(200);
  });

  it("lets an admin end anyone's session, and disabling a user ends theirs at once; all audited", async () => {
    const pat = await login(s.url, 'pat');
    const vera = await login(s.url, 'vera');
    const eve = await login(s.url, 'eve');
    const all = await sessions(pat, true);
    expect(all.map((x) => x.user)).toEqual(expect.arrayContaining(['pat', 'vera', 'eve']));
    const eves = all.find((x) => x.user === 'eve')!;
    expect((await pat.req('DELETE', `/admin/api/sessions/${eves.id}`)).status).toBe(204);
    expect((await eve.req('GET', '/admin/api/me')).status).toBe(401);

    expect((await vera.req('GET', '/admin/api/me')).status).toBe(200);
    expect((await pat.req('POST', '/admin/api/users/vera/disable')).status).toBe(204);
    expect((await vera.req('GET', '/admin/api/me')).status).toBe(401);
    expect((await pat.req('POST', '/admin/api/users/pat/disable')).status).toBe(409);
    expect((await pat.req('POST', '/admin/api/users/nobody/disable')).status).toBe(404);
    expect((await login(s.url, 'ed').then((ed) => ed.req('POST', '/admin/api/users/eve/disable'))).status).toBe(403);

    const entries = await audit(pat);
    expect(entries).toContainEqual(
      expect.objectContaining({ actor: 'pat', action: 'session.end', note: expect.stringMatching(/^session of eve /) }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ actor: 'pat', action: 'user.disable', note: expect.stringMatching(/^vera: sessions/) }),
    );
  });
});
