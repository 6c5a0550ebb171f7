/**
 * A step is announced once to every page: a page whose stream (re)opens while the hub is still working out a step
 * (reading an ended release's status from the store) gets that step either in its catch-up or as the step's events,
 * never both. Found with a guard rollback: the store read takes a round trip, and pages reconnect all the time.
 * And a release is announced only to the pages it is in flight for: another market's release is none of theirs.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LiveHub } from './live-hub.js';
import { DEFAULT_LIVE_SETTINGS } from './live-settings.js';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { rollingRelease } from '../releases/testing/test-release.js';
import type { StoredRelease } from '../store/release-records.js';

/** What a page's EventSource receives, as text. */
function fakeResponse() {
  const out: string[] = [];
  const res = {
    destroyed: false,
    writableLength: 0,
    writeHead: () => res,
    write: (chunk: string) => out.push(chunk) > 0,
    end: () => undefined,
  };
  return { res: res as unknown as ServerResponse, frames: () => out.join('') };
}

const docs = () => readRepoDocuments().map((d) => d.content as SnapshotDoc);
const hubOf = (first: PublishedSnapshot, getRelease: (id: string) => Promise<StoredRelease>) =>
  new LiveHub({
    settings: DEFAULT_LIVE_SETTINGS,
    first,
    store: { listDocuments: async () => [], releases: { getRelease } },
    log: () => {},
  });

const ids = (text: string, event: string) =>
  [...text.matchAll(/^id: (.+)\nevent: (.+)\n/gm)].filter((m) => m[2] === event).map((m) => m[1]);

describe('live hub steps', () => {
  it('gives a page that resumes while a rollback is being worked out that rollback once', async () => {
    const base = docs();
    const rel = rollingRelease('rel-00000000aa', [{ kind: 'screen', id: 'complaint-entry' }]);
    let answer: ((r: StoredRelease) => void) | undefined;
    const hub = hubOf(new PublishedSnapshot(base, 1, [rel]), () => new Promise((ok) => (answer = ok)));
    try {
      hub.onSnapshot(new PublishedSnapshot(base, 2, []));
      // The step now waits for the store to say how the release ended.
      while (!answer) await new Promise((ok) => setTimeout(ok, 1));
      const page = fakeResponse();
      hub.addBorrower(hub.newStream(page.res), 'ID', { market: 'ID', deviceId: 'dev-1' }, 1);
      answer({ ...rel, status: 'rolled-back' });
      await hub.settled();
      expect(ids(page.frames(), 'published')).toEqual(['2']);
      expect(ids(page.frames(), 'release')).toEqual(['2.r1']);
    } finally {
      hub.close();
    }
  });

  it("tells India's pages of a release of India's market document, and Indonesia's of nothing", async () => {
    const base = docs();
    const india = structuredClone(base.find((d) => d.kind === 'market' && d.id === 'IN')!);
    india.description = 'candidate';
    const rel = rollingRelease('rel-00000000bb', [india]);
    const hub = hubOf(new PublishedSnapshot(base, 1, []), async () => rel);
    try {
      const [id, inPage] = [fakeResponse(), fakeResponse()];
      hub.addBorrower(hub.newStream(id.res), 'ID', { market: 'ID', deviceId: 'dev-1' }, undefined);
      hub.addBorrower(hub.newStream(inPage.res), 'IN', { market: 'IN', deviceId: 'dev-2' }, undefined);
      hub.onSnapshot(new PublishedSnapshot(base, 2, [rel]));
      await hub.settled();
      expect(ids(inPage.frames(), 'release')).toEqual(['2.r1']);
      expect(ids(inPage.frames(), 'published')).toEqual(['2']);
      expect(id.frames()).not.toContain('rel-00000000bb');
      expect([ids(id.frames(), 'release'), ids(id.frames(), 'published')]).toEqual([[], []]);
    } finally {
      hub.close();
    }
  });
});
