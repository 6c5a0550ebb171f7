/**
 * Guarded releases over HTTP (issue 36) on the embedded store: a publish with a rollout, who gets the candidate,
 * what the config API and the drawn pages answer each arm, and the release admin API. Every exchange is checked
 * against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, type Client, type TestServer } from '../test-helpers.js';

const KEY = 'common.retry';

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client;
  beforeAll(async () => {
    s = await startTestServer();
    [ed, pat] = await Promise.all(['ed', 'pat'].map((u) => login(s.url, u)));
  }, 60_000);
  afterAll(() => s?.stop());

  const DOC = '/admin/api/documents';
  const textSetOf = async (market = 'ID') => ((await (await fetch(`${s.url}/config/v1/bundle?market=${market}`)).json()) as { textSet: { id: string } }).textSet.id;

  /** Saves `texts[key] = value` in the market's text set as ed; returns the document ref. */
  async function draftText(value: string, key = KEY, market = 'ID') {
    const ts = await textSetOf(market);
    const r = await ed.req('GET', `${DOC}/text-set/${ts}`);
    const rec = await r.json();
    const content = structuredClone(rec.draft?.content ?? rec.published.content);
    content.texts[key] = value;
    const saved = await ed.req('PUT', `${DOC}/text-set/${ts}/draft`, content, { 'if-match': r.headers.get('etag')! });
    expect(saved.status).toBe(200);
    return { kind: 'text-set', id: ts };
  }

  const publish = (documents: { kind: string; id: string }[], rollout?: unknown, note = 'copy test') =>
    pat.req('POST', '/admin/api/publish', { documents, note, ...(rollout === undefined ? {} : { rollout }) });

  describe('publishing with a rollout', () => {
    it('starts a release: the answer names it, the base is still what everyone without a deviceId gets', async () => {
      const before = await (await fetch(`${s.url}/config/v1/bundle?market=ID`)).json();
      const doc = await draftText('Coba lagi (candidate)');
      const r = await publish([doc], { percent: 10 });
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body).toEqual({ published: [], release: { id: expect.stringMatching(/^rel-/), percent: 10, status: 'rolling' } });
      expect(await (await fetch(`${s.url}/config/v1/bundle?market=ID`)).json()).toEqual(before);
      // Any other publish of that document is refused, naming the release; so is another release of it.
      await draftText('another edit');
      for (const rollout of [undefined, { percent: 50 }]) {
        const again = await publish([doc], rollout);
        expect(again.status).toBe(409);
        const err = (await again.json()).error;
        expect(err.message).toContain(body.release.id);
        expect(err.details).toMatchObject({ release: body.release.id });
      }
      await s.config.store.releases.rollbackRelease(body.release.id, { user: 'pat', reason: 'test over' });
    });

    it('refuses a bad rollout with 400 before anything is published', async () => {
      const doc = await draftText('never published');
      for (const rollout of [{ percent: 0 }, { percent: 10, audience: { markets: ['XX'] } }, { percent: 10, endAt: '2020-01-01T00:00:00Z' }, 'ten']) {
        const r = await publish([doc], rollout);
        expect(r.status).toBe(400);
      }
      const rec = await (await ed.req('GET', `${DOC}/text-set/${doc.id}`)).json();
      expect(rec.draft.content.texts[KEY]).toBe('never published');
    });
  });
});
