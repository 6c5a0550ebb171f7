/**
 * Guarded releases over HTTP on the embedded store: a publish with a rollout, who gets the candidate,
 * what the config API and the drawn pages answer each arm, and the release admin API. Every exchange is checked
 * against the OpenAPI description.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

const KEY = 'common.retry';
/** The not-found page's title: drawn on the server, so a page shows its arm's copy. */
const TITLE = 'common.notFoundTitle';
const devices = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);

/** Runs `fn` over `items`, `width` at a time (the server is a real HTTP server: thousands of requests). */
async function pooled<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client, paula: Client, vera: Client;
  beforeAll(async () => {
    s = await startTestServer();
    [ed, pat, paula, vera] = await Promise.all(['ed', 'pat', 'paula', 'vera'].map((u) => login(s.url, u)));
  }, 60_000);
  afterAll(() => s?.stop());

  const DOC = '/admin/api/documents';
  const textSetOf = async (market = 'ID') =>
    ((await (await fetch(`${s.url}/config/v1/bundle?market=${market}`)).json()) as { textSet: { id: string } }).textSet
      .id;

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

  /** The arm of a bundle answer by its X-Config-Release (checked against the body), or 'none' without a release in flight. */
  async function bundleArm(deviceId: string | undefined, headers: Record<string, string> = {}, extra = '') {
    // Uncompressed: the test client's gunzip of the 53 KB bundle cost 3 ms a request, three times the server's work,
    // over 20,000 requests (the encodings are tested in published/fast-path.test.ts).
    const r = await globalThis.fetch(
      `${s.url}/config/v1/bundle?market=ID${deviceId ? `&deviceId=${deviceId}` : ''}${extra}`,
      {
        headers: { 'accept-encoding': 'identity', ...headers },
      },
    );
    const header = r.headers.get('x-config-release');
    const body = r.status === 200 ? ((await r.json()) as { textSet: { texts: Record<string, string> } }) : undefined;
    const arm = header ? (/=(base|candidate)$/.exec(header)?.[1] as 'base' | 'candidate') : 'none';
    if (body) expect(body.textSet.texts[KEY] === CANDIDATE, `${deviceId}: ${header}`).toBe(arm === 'candidate');
    return { arm, header, etag: r.headers.get('etag')!, status: r.status };
  }
  const CANDIDATE = 'Coba lagi (candidate)';

  const publish = (documents: { kind: string; id: string }[], rollout?: unknown, note = 'copy test') =>
    pat.req('POST', '/admin/api/publish', { documents, note, ...(rollout === undefined ? {} : { rollout }) });

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

  /** Saves a change of `description` in a document as ed. */
  async function draftDescription(kind: string, id: string, description: string) {
    const r = await ed.req('GET', `${DOC}/${kind}/${id}`);
    const rec = await r.json();
    const saved = await ed.req(
      'PUT',
      `${DOC}/${kind}/${id}/draft`,
      { ...(rec.draft?.content ?? rec.published.content), description },
      { 'if-match': r.headers.get('etag')! },
    );
    expect(saved.status).toBe(200);
    return { kind, id };
  }

  const bootOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="sdui-boot">(.*?)<\/script>/s.exec(html)![1]);

  describe('serving a release', () => {
    let id: string;
    let plainEtag: string;
    const ids = devices(5000, 'share');
    let firstArms: string[];
    const one = (arm: string) => ids[firstArms.indexOf(arm)];
    beforeAll(async () => {
      plainEtag = (await bundleArm(undefined)).etag;
      await draftText(CANDIDATE);
      const doc = await draftText('Halaman tidak ada (candidate)', TITLE);
      // A fixed seed keeps this test from depending on chance; bucket.test.ts shows the spread over random seeds.
      const r = await publish([doc], { percent: 10, seed: 'issue-36-share-test' });
      id = (await r.json()).release.id;
    }, 60_000);

    it('gives the candidate to 9-11 % of 5,000 distinct deviceIds, each the same arm on every request', async () => {
      const first = await pooled(ids, 32, (d) => bundleArm(d));
      firstArms = first.map((a) => a.arm);
      const share = firstArms.filter((a) => a === 'candidate').length / ids.length;
      console.log(`candidate share at 10 %: ${(share * 100).toFixed(2)} % of ${ids.length} deviceIds`);
      expect(share).toBeGreaterThanOrEqual(0.09);
      expect(share).toBeLessThanOrEqual(0.11);
      expect(first.every((a) => a.header === `${id}=${a.arm}`)).toBe(true);
      // Asked again, every fifth deviceId (1,000) keeps its arm.
      const sample = ids.filter((_, i) => i % 5 === 0);
      const again = await pooled(sample, 32, (d) => bundleArm(d));
      expect(again.map((a) => a.arm)).toEqual(firstArms.filter((_, i) => i % 5 === 0));
      // Without a deviceId: the base, saying so.
      expect(await bundleArm(undefined)).toMatchObject({ arm: 'base', header: `${id}=base` });
    }, 180_000);

    it('gives each arm its own ETag: a 304 only for the copy of the same arm', async () => {
      const [base, cand] = [await bundleArm(one('base')), await bundleArm(one('candidate'))];
      expect(new Set([base.etag, cand.etag, plainEtag]).size).toBe(3);
      expect(await bundleArm(one('candidate'), { 'if-none-match': base.etag })).toMatchObject({
        status: 200,
        arm: 'candidate',
      });
      expect(await bundleArm(one('base'), { 'if-none-match': cand.etag })).toMatchObject({ status: 200, arm: 'base' });
      // Nor does a copy from before the release revalidate: it would keep a body without its arm.
      expect(await bundleArm(one('base'), { 'if-none-match': plainEtag })).toMatchObject({ status: 200, arm: 'base' });
      for (const [d, arm] of [
        [one('base'), base],
        [one('candidate'), cand],
      ] as const) {
        const r = await fetch(`${s.url}/config/v1/bundle?market=ID&deviceId=${d}`, {
          headers: { 'if-none-match': arm.etag },
        });
        expect(r.status).toBe(304);
        expect(r.headers.get('x-config-release')).toBe(arm.header);
      }
    });

    it("draws a page in the borrower's arm: header, boot data, the bundle it names and its own ETag agree", async () => {
      const etags: Record<string, string> = {};
      for (const arm of ['base', 'candidate']) {
        const r = await fetch(`${s.url}/nowhere?market=ID&deviceId=${one(arm)}`);
        expect(r.headers.get('x-config-release')).toBe(`${id}=${arm}`);
        const html = await r.text();
        expect(html.includes('Halaman tidak ada (candidate)')).toBe(arm === 'candidate');
        const boot = bootOf(html);
        expect(boot.release).toBe(`${id}=${arm}`);
        // The bundle's own (a text change: the same), which the app's later screens report in their beacons.
        expect(boot.bundleRelease).toBe(`${id}=${arm}`);
        expect(boot.bundleEtag).toBe((await bundleArm(one(arm))).etag);
        // The app asks for the bundle the page names by its version: that arm, whatever the request says.
        const named = await bundleArm(undefined, {}, `&v=${encodeURIComponent(boot.bundleEtag.replace(/"/g, ''))}`);
        expect(named).toMatchObject({ arm, etag: boot.bundleEtag });
        etags[arm] = r.headers.get('etag')!;
      }
      expect(etags.base).not.toBe(etags.candidate);
      const crossed = await fetch(`${s.url}/nowhere?market=ID&deviceId=${one('candidate')}`, {
        headers: { 'if-none-match': etags.base },
      });
      expect(crossed.status).not.toBe(304);
      const same = await fetch(`${s.url}/nowhere?market=ID&deviceId=${one('candidate')}`, {
        headers: { 'if-none-match': etags.candidate },
      });
      expect(same.status).toBe(304);
    });

    it('serves screens and templates in the arm of their own release, and says nothing where none is in flight', async () => {
      const docs = [
        await draftDescription('screen', 'not-available', 'candidate screen'),
        await draftDescription('landing-template', 'default', 'candidate template'),
      ];
      const r = await publish(docs, { percent: 50, seed: 'issue-36-screens' });
      const other = (await r.json()).release.id as string;
      try {
        const arms = await pooled(devices(200, 'screen'), 16, async (d) => {
          const sr = await fetch(`${s.url}/config/v1/screens/not-available?deviceId=${d}`);
          const tr = await fetch(`${s.url}/config/v1/templates/default?deviceId=${d}`);
          const arm = /=(base|candidate)$/.exec(sr.headers.get('x-config-release') ?? '')?.[1];
          expect(tr.headers.get('x-config-release')).toBe(`${other}=${arm}`);
          expect((await sr.json()).description === 'candidate screen').toBe(arm === 'candidate');
          expect((await tr.json()).description === 'candidate template').toBe(arm === 'candidate');
          return arm;
        });
        expect(arms.filter((a) => a === 'candidate').length).toBeGreaterThan(60);
        expect(arms.filter((a) => a === 'base').length).toBeGreaterThan(60);
        // The bundle reads neither: only the text release is in flight for it.
        expect((await bundleArm(one('candidate'))).header).toBe(`${id}=candidate`);
        const plain = await fetch(`${s.url}/config/v1/screens/not-found?deviceId=${one('candidate')}`);
        expect(plain.headers.get('x-config-release')).toBeNull();
      } finally {
        expect((await pat.req('POST', `/admin/api/releases/${other}/rollback`, {})).status).toBe(200);
      }
    }, 60_000);

    it('widening to 25 % keeps every earlier candidate in, and 23.5-26.5 % are in', async () => {
      const r = await pat.req('PATCH', `/admin/api/releases/${id}`, { percent: 25 });
      expect(r.status).toBe(200);
      expect((await r.json()).release).toMatchObject({ id, percent: 25, status: 'rolling', updatedBy: 'pat' });
      const arms = (await pooled(ids, 32, (d) => bundleArm(d))).map((a) => a.arm);
      expect(ids.filter((_, i) => firstArms[i] === 'candidate' && arms[i] !== 'candidate')).toEqual([]);
      const share = arms.filter((a) => a === 'candidate').length / ids.length;
      console.log(`candidate share at 25 %: ${(share * 100).toFixed(2)} %`);
      expect(share).toBeGreaterThanOrEqual(0.235);
      expect(share).toBeLessThanOrEqual(0.265);
    }, 180_000);

    it('rolls back: every deviceId gets the base again, pages too, with no release header', async () => {
      const r = await pat.req('POST', `/admin/api/releases/${id}/rollback`, { reason: 'copy test over' });
      expect((await r.json()).release).toMatchObject({ id, status: 'rolled-back' });
      const arms = await pooled(ids, 32, (d) => bundleArm(d));
      expect(arms.filter((a) => a.arm !== 'none')).toEqual([]);
      const page = await fetch(`${s.url}/nowhere?market=ID&deviceId=${one('candidate')}`);
      expect(page.headers.get('x-config-release')).toBeNull();
      expect(await page.text()).not.toContain('Halaman tidak ada (candidate)');
    }, 180_000);
  });
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
  describe('the schedule', () => {
    const arm = async (base: string) => {
      const r = await fetch(`${base}/config/v1/bundle?market=ID&deviceId=scheduled-device`);
      await r.arrayBuffer();
      return r.headers.get('x-config-release');
    };

    it('starts a scheduled release by itself within 1 s of its time, and ends it at its end', async () => {
      const doc = await draftText('scheduled copy');
      const startAt = Date.now() + 2500;
      const endAt = startAt + 2500;
      const r = await publish([doc], {
        percent: 100,
        startAt: new Date(startAt).toISOString(),
        endAt: new Date(endAt).toISOString(),
      });
      const { id, status } = (await r.json()).release;
      expect(status).toBe('scheduled');
      expect(await arm(s.url)).toBeNull();
      while ((await arm(s.url)) === null) await new Promise((res) => setTimeout(res, 10));
      const started = Date.now() - startAt;
      expect(await arm(s.url)).toBe(`${id}=candidate`);
      while ((await arm(s.url)) !== null) await new Promise((res) => setTimeout(res, 10));
      const ended = Date.now() - endAt;
      console.log(`scheduled release served ${started} ms after its start, left ${ended} ms after its end`);
      expect(started).toBeGreaterThanOrEqual(0);
      expect(started).toBeLessThan(1000);
      expect(ended).toBeGreaterThanOrEqual(0);
      expect(ended).toBeLessThan(1000);
      const list = (await (await pat.req('GET', '/admin/api/releases')).json()).releases;
      expect(list.find((x: { id: string }) => x.id === id)).toMatchObject({ status: 'ended', updatedBy: 'schedule' });
    }, 30_000);

    it('starts it also when the server was down at its time (once it is back)', async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'sdui-schedule-')), 'data');
      let one = await startTestServer({ dataDir });
      try {
        const [ed1, pat1] = await Promise.all([login(one.url, 'ed'), login(one.url, 'pat')]);
        const ts = (
          (await (await fetch(`${one.url}/config/v1/bundle?market=ID`)).json()) as { textSet: { id: string } }
        ).textSet.id;
        const r0 = await ed1.req('GET', `${DOC}/text-set/${ts}`);
        const rec = await r0.json();
        rec.published.content.texts[KEY] = 'after a restart';
        expect(
          (
            await ed1.req('PUT', `${DOC}/text-set/${ts}/draft`, rec.published.content, {
              'if-match': r0.headers.get('etag')!,
            })
          ).status,
        ).toBe(200);
        const startAt = Date.now() + 1000;
        const r = await pat1.req('POST', '/admin/api/publish', {
          documents: [{ kind: 'text-set', id: ts }],
          note: 'n',
          rollout: { percent: 100, startAt: new Date(startAt).toISOString() },
        });
        const { id } = (await r.json()).release;
        await one.stop();
        await new Promise((res) => setTimeout(res, Math.max(0, startAt - Date.now() + 300)));
        one = await startTestServer({ dataDir });
        expect(await arm(one.url)).toBe(`${id}=candidate`);
        const audit = await (
          await (await login(one.url, 'pat')).req('GET', `/admin/api/audit?kind=release&id=${id}`)
        ).json();
        expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['release.start', 'release.create']);
      } finally {
        await one.stop();
        rmSync(dirname(dataDir), { recursive: true, force: true });
      }
    }, 60_000);
  });
});
