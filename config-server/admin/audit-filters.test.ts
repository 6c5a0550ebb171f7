import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';
import { auditFilterOf } from './audit-query.js';

describe('audit filters', () => {
  it('reads days and ISO times; a day as `until` includes that whole day; garbage is a 400', () => {
    expect(auditFilterOf({ since: '2026-11-20', until: '2026-11-21' })).toMatchObject({
      since: '2026-11-20T00:00:00.000Z',
      until: '2026-11-22T00:00:00.000Z',
    });
    expect(auditFilterOf({ until: '2026-11-21T10:00:00Z' }).until).toBe('2026-11-21T10:00:00.000Z');
    expect(() => auditFilterOf({ since: 'yesterday' })).toThrow(/since must be a date/);
    expect(auditFilterOf({ actor: '', before: 'x' })).toMatchObject({ actor: undefined, before: undefined });
  });

  describe('GET /admin/api/audit', () => {
    let s: TestServer;
    let ed: Client, eve: Client;
    beforeAll(async () => {
      s = await startTestServer();
      [ed, eve] = await Promise.all([login(s.url, 'ed'), login(s.url, 'eve')]);
    });
    afterAll(() => s?.stop());

    async function saveDescription(c: Client, text: string) {
      const r = await c.req('GET', '/admin/api/documents/screen/not-found');
      const rec = await r.json();
      const doc = structuredClone(rec.draft?.content ?? rec.published.content);
      doc.description = text;
      const w = await c.req('PUT', '/admin/api/documents/screen/not-found/draft', doc, {
        'if-match': r.headers.get('etag')!,
      });
      expect(w.status).toBe(200);
    }
    const entries = async (c: Client, q: string) =>
      (await (await c.req('GET', `/admin/api/audit?${q}`)).json()).entries as {
        actor: string;
        at: string;
        action: string;
      }[];

    it('filters by person, document and date range on the server, so old entries are found too', async () => {
      await saveDescription(ed, 'by ed');
      await saveDescription(eve, 'by eve');
      const byEve = await entries(ed, 'actor=eve');
      // Newest first: her draft, then her login (audited too).
      expect(byEve.map((e) => [e.actor, e.action])).toEqual([
        ['eve', 'draft.save'],
        ['eve', 'login'],
      ]);
      expect((await entries(ed, 'kind=screen&id=not-found')).map((e) => e.actor).slice(0, 2)).toEqual(['eve', 'ed']);
      const today = new Date().toISOString().slice(0, 10);
      expect((await entries(ed, `actor=ed&since=${today}&until=${today}`)).map((e) => e.action)).toEqual([
        'draft.save',
        'login',
      ]);
      expect(await entries(ed, `actor=ed&until=2000-01-01`)).toEqual([]);
      expect(await entries(ed, `since=2999-01-01`)).toEqual([]);
      // "Until the end of time": the day after 9999-12-31 is in year 10000, which an ISO text no longer orders.
      expect((await entries(ed, `actor=ed&until=9999-12-31`)).map((e) => e.action)).toEqual(['draft.save', 'login']);
      const at = byEve[0].at;
      expect((await entries(ed, `since=${encodeURIComponent(at)}&kind=screen`)).map((e) => e.actor)).toEqual(['eve']);
    });

    it('refuses a date it cannot read, naming the field', async () => {
      const r = await ed.req('GET', '/admin/api/audit?until=soon');
      expect(r.status).toBe(400);
      expect((await r.json()).error.message).toMatch(/until must be a date/);
    });
  });
});
