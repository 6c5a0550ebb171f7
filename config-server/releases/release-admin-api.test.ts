/**
 * The release admin API over HTTP on the embedded store: the list, bad input, completing, and four eyes for widening
 * and completing. Every exchange is checked against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { Client, TestServer } from '../testing/test-helpers.js';
import { DOC, KEY, releaseHelpers, startReleaseServer } from './testing/release-server.js';

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client, paula: Client, vera: Client;
  beforeAll(async () => {
    ({ s, ed, pat, paula, vera } = await startReleaseServer());
  }, 60_000);
  afterAll(() => s?.stop());
  const { textSetOf, draftText, publish } = releaseHelpers(() => ({ s, ed, pat }));

  describe('the release admin API', () => {
    it('lists releases, newest first, with documents, audience, schedule and both arms (zeros until telemetry reports)', async () => {
      const doc = await draftText('listed');
      const r = await publish([doc], {
        percent: 5,
        audience: { markets: ['ID'], platforms: ['android'], minVersion: '2.0' },
        endAt: '2099-01-01T00:00:00Z',
        guard: true,
      });
      const { id } = (await r.json()).release;
      const list = await vera.req('GET', '/admin/api/releases');
      expect(list.status).toBe(200);
      const { releases } = await list.json();
      const zero = { pageViews: 0, errors: 0, errorRate: 0, p75Lcp: null };
      expect(releases[0]).toMatchObject({
        id,
        status: 'rolling',
        percent: 5,
        audience: { markets: ['ID'], platforms: ['android'], minVersion: '2.0' },
        startAt: null,
        endAt: '2099-01-01T00:00:00.000Z',
        guard: true,
        createdBy: 'pat',
        documents: [
          {
            kind: 'text-set',
            id: doc.id,
            file: expect.stringMatching(/^screens\/texts\//),
            baseVersion: expect.any(Number),
            editors: ['ed'],
          },
        ],
        arms: { base: zero, candidate: zero },
      });
      expect(releases[0].documents[0].content).toBeUndefined();
      expect(releases.slice(1).every((x: { status: string }) => x.status !== 'rolling')).toBe(true);
      // Only publishers change releases.
      expect((await vera.req('PATCH', `/admin/api/releases/${id}`, { percent: 50 })).status).toBe(403);
      expect((await ed.req('POST', `/admin/api/releases/${id}/rollback`, {})).status).toBe(403);
      expect((await pat.req('POST', `/admin/api/releases/${id}/rollback`, {})).status).toBe(200);
    });

    it('refuses bad input with 400, an unknown release with 404 and a closed one with 409', async () => {
      const doc = await draftText('closed soon');
      const { id } = (await (await publish([doc], { percent: 5 })).json()).release;
      for (const body of [
        {},
        { percent: 0 },
        { percent: 101 },
        { percent: 10, status: 'complete' },
        { percent: 12.345 },
      ]) {
        expect((await pat.req('PATCH', `/admin/api/releases/${id}`, body)).status).toBe(400);
      }
      expect((await pat.req('POST', `/admin/api/releases/${id}/rollback`, { reason: 42 })).status).toBe(400);
      expect((await pat.req('PATCH', '/admin/api/releases/rel-nope', { percent: 10 })).status).toBe(404);
      expect((await pat.req('POST', '/admin/api/releases/rel-nope/complete', {})).status).toBe(404);
      expect((await pat.req('POST', `/admin/api/releases/${id}/rollback`, {})).status).toBe(200);
      for (const [method, path, body] of [
        ['PATCH', '', { percent: 50 }],
        ['POST', '/complete', {}],
        ['POST', '/rollback', {}],
      ] as const) {
        const r = await pat.req(method, `/admin/api/releases/${id}${path}`, body);
        expect(r.status).toBe(409);
        expect((await r.json()).error.message).toMatch(/rolled-back/);
      }
      const audit = await (await pat.req('GET', `/admin/api/audit?kind=release&id=${id}`)).json();
      expect(audit.entries.map((e: { action: string; note: string }) => [e.action, e.note])).toEqual([
        ['release.rollback', 'rolled back by pat'],
        ['release.create', expect.stringMatching(/^rolling, 5 %: copy test$/)],
      ]);
    });

    it('completes a release: the candidate becomes the base for everyone, a normal publish in the history', async () => {
      const doc = await draftText('completed copy');
      const { id } = (await (await publish([doc], { percent: 10 })).json()).release;
      const r = await pat.req('POST', `/admin/api/releases/${id}/complete`, { note: 'looks fine at 10 %' });
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body.release).toMatchObject({ id, status: 'complete' });
      expect(body.published).toEqual([
        expect.objectContaining({
          kind: 'text-set',
          id: doc.id,
          createdBy: 'pat',
          note: `release ${id}: looks fine at 10 %`,
        }),
      ]);
      for (const deviceId of ['a', 'b', 'c', undefined]) {
        const res = await fetch(`${s.url}/config/v1/bundle?market=ID${deviceId ? `&deviceId=${deviceId}` : ''}`);
        expect(res.headers.get('x-config-release')).toBeNull();
        expect((await res.json()).textSet.texts[KEY]).toBe('completed copy');
      }
      const history = await (await pat.req('GET', `${DOC}/text-set/${doc.id}/history`)).json();
      expect(history.versions[0]).toMatchObject({
        version: body.published[0].version,
        note: `release ${id}: looks fine at 10 %`,
      });
    });

    it('asks four eyes for widening and completing where the market asks for it; narrowing and rolling back never wait', async () => {
      // Four eyes on for Indonesia (ed edits, pat publishes: two people).
      const market = await ed.req('GET', `${DOC}/market/ID`);
      const m = await market.json();
      const on = await ed.req(
        'PUT',
        `${DOC}/market/ID/draft`,
        { ...m.published.content, fourEyes: true },
        { 'if-match': market.headers.get('etag')! },
      );
      expect(on.status).toBe(200);
      expect(
        (
          await pat.req('POST', '/admin/api/publish', {
            documents: [{ kind: 'market', id: 'ID' }],
            note: 'four eyes on',
          })
        ).status,
      ).toBe(200);
      try {
        // pat alone drafted the candidate; paula published it.
        const ts = await textSetOf('ID');
        const r0 = await pat.req('GET', `${DOC}/text-set/${ts}`);
        const rec = await r0.json();
        const content = structuredClone(rec.draft?.content ?? rec.published.content);
        content.texts[KEY] = 'drafted by pat alone';
        expect(
          (await pat.req('PUT', `${DOC}/text-set/${ts}/draft`, content, { 'if-match': r0.headers.get('etag')! }))
            .status,
        ).toBe(200);
        const started = await paula.req('POST', '/admin/api/publish', {
          documents: [{ kind: 'text-set', id: ts }],
          note: 'four eyes',
          rollout: { percent: 10 },
        });
        expect(started.status).toBe(200);
        const { id } = (await started.json()).release;
        const widen = await pat.req('PATCH', `/admin/api/releases/${id}`, { percent: 50 });
        expect(widen.status).toBe(403);
        expect((await widen.json()).error.message).toMatch(/Four eyes.*ID/);
        expect((await pat.req('POST', `/admin/api/releases/${id}/complete`, {})).status).toBe(403);
        expect((await pat.req('PATCH', `/admin/api/releases/${id}`, { percent: 5 })).status).toBe(200);
        expect((await paula.req('PATCH', `/admin/api/releases/${id}`, { percent: 50 })).status).toBe(200);
        const back = await pat.req('POST', `/admin/api/releases/${id}/rollback`, { reason: 'pat alone may roll back' });
        expect(back.status).toBe(200);
        expect((await back.json()).release).toMatchObject({ status: 'rolled-back', percent: 50, updatedBy: 'pat' });
      } finally {
        const again = await ed.req('GET', `${DOC}/market/ID`);
        const cur = await again.json();
        await ed.req(
          'PUT',
          `${DOC}/market/ID/draft`,
          { ...cur.published.content, fourEyes: false },
          { 'if-match': again.headers.get('etag')! },
        );
        expect(
          (
            await pat.req('POST', '/admin/api/publish', {
              documents: [{ kind: 'market', id: 'ID' }],
              note: 'four eyes off',
            })
          ).status,
        ).toBe(200);
      }
    });
  });
});
