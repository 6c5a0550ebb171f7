/**
 * A scheduled release over HTTP on the embedded store: it starts and ends by itself on time, and starts also when
 * the server was down at its time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';
import { DOC, KEY, releaseHelpers, startReleaseServer } from './testing/release-server.js';

describe('releases (sqlite)', () => {
  let s: TestServer;
  let ed: Client, pat: Client;
  beforeAll(async () => {
    ({ s, ed, pat } = await startReleaseServer());
  }, 60_000);
  afterAll(() => s?.stop());
  const { draftText, publish } = releaseHelpers(() => ({ s, ed, pat }));

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
