/**
 * Serving a guarded release over HTTP on the embedded store: who gets the candidate, what the config API and the
 * drawn pages answer each arm, widening and rolling back. Every exchange is checked against the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import type { Client, TestServer } from '../testing/test-helpers.js';
import {
  CANDIDATE,
  DOC,
  devices,
  pooled,
  releaseHelpers,
  startReleaseServer,
  TITLE,
} from './testing/release-server.js';

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client;
  beforeAll(async () => {
    ({ s, ed, pat } = await startReleaseServer());
  }, 60_000);
  afterAll(() => s?.stop());
  const { draftText, bundleArm, publish } = releaseHelpers(() => ({ s, ed, pat }));

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
});
