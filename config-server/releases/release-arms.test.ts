import { describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { bucket } from './bucket.js';
import { rollingRelease as release } from './testing/test-release.js';

const docs = () => readRepoDocuments().map((d) => d.content as SnapshotDoc);
const find = (all: SnapshotDoc[], kind: string, id: string) =>
  structuredClone(all.find((d) => d.kind === kind && d.id === id)!);

/** A deviceId in the given arms of the given seeds at 50 %. */
function deviceIn(arms: Record<string, boolean>): string {
  for (let i = 0; ; i++) {
    const d = `d-${i}`;
    if (Object.entries(arms).every(([seed, inside]) => bucket(seed, d) < 5000 === inside)) return d;
  }
}
const json = (b: Buffer | undefined) => JSON.parse(b!.toString('utf8'));

describe('release arms in the published snapshot', () => {
  const base = docs();
  const ts = find(base, 'text-set', 'id-ID');
  (ts.texts as Record<string, string>)['common.retry'] = 'text candidate';
  const api = find(base, 'api-map', base.find((d) => d.kind === 'api-map')!.id);
  api.baseUrl = 'https://api.example.test/v9';
  const screen = find(base, 'screen', 'not-found');
  screen.description = 'screen candidate';
  const snap = new PublishedSnapshot(base, 7, [
    release('rel-t', [ts]),
    release('rel-a', [api]),
    release('rel-s', [screen]),
  ]);

  it('knows which releases are in flight for each body, and for none of the others', () => {
    const bits = Object.fromEntries(snap.arms!.list.map((a) => [a.id, a.bit]));
    expect(snap.arms!.relevant('bundle', 'ID|')).toBe(bits['rel-t'] | bits['rel-a']);
    // India's bundle reads the API map but not Indonesia's text set.
    expect(snap.arms!.relevant('bundle', 'IN|')).toBe(bits['rel-a']);
    expect(snap.arms!.relevant('bundle', 'IN|id-ID')).toBe(bits['rel-t'] | bits['rel-a']);
    expect(snap.arms!.relevant('screen', 'not-found')).toBe(bits['rel-s']);
    expect(snap.arms!.relevant('screen', 'not-available')).toBe(0);
    expect(snap.arms!.relevant('bundle', 'XX|')).toBe(0);
  });

  it('serves every combination of two releases in flight for one bundle, each with its own ETag and header', () => {
    const seen = new Map<string, string>();
    for (const [t, a] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]) {
      const deviceId = deviceIn({ 'seed-rel-t': t, 'seed-rel-a': a });
      const e = snap.bundleFor('ID', undefined, () => ({ deviceId }))!;
      expect(e.release).toBe(`rel-t=${t ? 'candidate' : 'base'}, rel-a=${a ? 'candidate' : 'base'}`);
      const body = json(e.body);
      expect(body.textSet.texts['common.retry'] === 'text candidate').toBe(t);
      expect(body.apiMap.baseUrl === 'https://api.example.test/v9').toBe(a);
      // The same body object every time: serialised once per snapshot, not per request.
      expect(snap.bundleFor('ID', undefined, () => ({ deviceId }))).toBe(e);
      seen.set(e.etag, e.release!);
    }
    expect(seen.size).toBe(4);
    expect([...seen.keys()]).not.toContain(snap.bundle('ID')!.etag);
  });

  it("lets `v` name an arm's version (the page it came from was drawn in it), and ignores an unknown one", () => {
    const cand = snap.bundleFor('ID', undefined, () => ({
      deviceId: deviceIn({ 'seed-rel-t': true, 'seed-rel-a': true }),
    }))!;
    const v = cand.etag.replace(/"/g, '');
    expect(snap.bundleFor('ID', undefined, () => ({ v }))).toBe(cand);
    expect(snap.bundleFor('ID', undefined, () => ({ v: 'stale' }))!.release).toBe('rel-t=base, rel-a=base');
  });

  it('gives a page the arm of every release in flight for its bundle and screen, as one view per arm', () => {
    const deviceId = deviceIn({ 'seed-rel-t': true, 'seed-rel-a': false, 'seed-rel-s': true });
    const view = snap.pageView('ID', '/no-such-page', { deviceId });
    expect(view.release).toBe('rel-t=candidate, rel-a=base, rel-s=candidate');
    expect(json(view.screen('not-found')?.body).description).toBe('screen candidate');
    expect(view.bundle('ID')).toBe(snap.bundleFor('ID', undefined, () => ({ deviceId })));
    expect(snap.pageView('ID', '/no-such-page', { deviceId })).toBe(view);
    // A page no release is in flight for is drawn from the snapshot itself.
    const quiet = new PublishedSnapshot(base, 7, [release('rel-s', [screen])]);
    expect(quiet.pageView('ID', '/', { deviceId })).toBe(quiet);
    // Without a deviceId: the base of each, said.
    expect(snap.pageView('ID', '/no-such-page', {}).release).toBe('rel-t=base, rel-a=base, rel-s=base');
  });

  it('follows a candidate route map to the screen it sends the path to', () => {
    const routes = find(base, 'route-map', base.find((d) => d.kind === 'route-map')!.id);
    routes.routes = [{ path: '/moved', screen: 'not-available' }, ...(routes.routes as unknown[])];
    const other = find(base, 'screen', 'not-available');
    other.description = 'moved candidate';
    const moved = new PublishedSnapshot(base, 8, [
      release('rel-r', [routes], { seed: 'r' }),
      release('rel-s', [other], { seed: 's' }),
    ]);
    const deviceId = deviceIn({ r: true, s: true });
    const view = moved.pageView('ID', '/moved', { deviceId });
    expect(view.screenIdForPath('/moved')).toBe('not-available');
    expect(json(view.screen('not-available')?.body).description).toBe('moved candidate');
    expect(view.release).toBe('rel-r=candidate, rel-s=candidate');
    expect(moved.pageView('ID', '/moved', { deviceId: deviceIn({ r: false, s: true }) }).release).toBe('rel-r=base');
  });

  it("serves nothing new for scheduled releases (they are only timed), and reads the common params by the API map's names", () => {
    const later = new PublishedSnapshot(base, 9, [
      release('rel-later', [screen], { status: 'scheduled', startAt: '2099-01-01T00:00:00.000Z' }),
    ]);
    expect(later.arms).toBeUndefined();
    expect(later.releases.map((r) => r.id)).toEqual(['rel-later']);
    expect(snap.arms!.names).toEqual({
      deviceId: 'deviceId',
      market: 'market',
      platform: 'platform',
      version: 'version',
    });
  });

  it('narrows to an audience: a borrower outside it gets the base, whatever their bucket', () => {
    const narrow = new PublishedSnapshot(base, 10, [
      release('rel-n', [screen], { percent: 100, audience: { platforms: ['android'], minVersion: '3.0' } }),
    ]);
    const arm = (who: Record<string, string>) =>
      narrow.screenFor('not-found', () => ({ deviceId: 'd', ...who }))!.release;
    expect(arm({ platform: 'android', version: '3.1' })).toBe('rel-n=candidate');
    expect(arm({ platform: 'ios', version: '3.1' })).toBe('rel-n=base');
    expect(arm({ platform: 'android', version: '2.9' })).toBe('rel-n=base');
    expect(arm({ platform: 'android' })).toBe('rel-n=base');
  });
});
