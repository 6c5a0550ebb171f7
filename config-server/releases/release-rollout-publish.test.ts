/**
 * Publishing with a rollout over HTTP on the embedded store: a release starts, the base stays what everyone without
 * a deviceId gets, and a bad rollout is refused before anything is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { Client, TestServer } from '../testing/test-helpers.js';
import { DOC, KEY, releaseHelpers, startReleaseServer } from './testing/release-server.js';

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client;
  beforeAll(async () => {
    ({ s, ed, pat } = await startReleaseServer());
  }, 60_000);
  afterAll(() => s?.stop());
  const { draftText, publish } = releaseHelpers(() => ({ s, ed, pat }));

  describe('publishing with a rollout', () => {
    it('starts a release: the answer names it, the base is still what everyone without a deviceId gets', async () => {
      const before = await (await fetch(`${s.url}/config/v1/bundle?market=ID`)).json();
      const doc = await draftText('Coba lagi (candidate)');
      const r = await publish([doc], { percent: 10 });
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body).toEqual({
        published: [],
        release: { id: expect.stringMatching(/^rel-/), percent: 10, status: 'rolling' },
      });
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
      expect(
        (await pat.req('POST', `/admin/api/releases/${body.release.id}/rollback`, { reason: 'test over' })).status,
      ).toBe(200);
    });

    it('refuses a bad rollout with 400 before anything is published', async () => {
      const doc = await draftText('never published');
      for (const rollout of [
        { percent: 0 },
        { percent: 10, audience: { markets: ['XX'] } },
        { percent: 10, endAt: '2020-01-01T00:00:00Z' },
        'ten',
      ]) {
        const r = await publish([doc], rollout);
        expect(r.status).toBe(400);
      }
      const rec = await (await ed.req('GET', `${DOC}/text-set/${doc.id}`)).json();
      expect(rec.draft.content.texts[KEY]).toBe('never published');
    });
  });
});
