/**
 * A streamed page's head and shell are drawn once and sent to every borrower they fit: kept per published version and
 * arm, market (and with it the text set's locale), screen, embeds and the query params the shell read. Each of those
 * changing must draw them again; another borrower whose query agrees on what the shell read must not.
 */
import { describe, expect, it } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { pageDrawer, type DrawPageRequest } from './draw-page.js';
import { bucket } from '../releases/bucket.js';
import { rollingRelease } from '../releases/testing/test-release.js';

type Screen = SnapshotDoc & { body: [{ children: [{ children: unknown[] }] }] };
const repoDocs = () => readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc);
/** The repository's documents with complaint entry's title text changed in the ID text set. */
function retitled(title: string) {
  const docs = repoDocs();
  const texts = docs.find((d) => d.kind === 'text-set' && d.id === 'id-ID') as SnapshotDoc & {
    texts: Record<string, string>;
  };
  texts.texts['title.complaintEntry'] = title;
  return docs;
}
/** A deviceId inside (or outside) the candidate arm of a release seeded `seed` at 50 %. */
function deviceIn(seed: string, inside: boolean): string {
  for (let i = 0; ; i++) if (bucket(seed, `d-${i}`) < 5000 === inside) return `d-${i}`;
}
const request = (market: string, query: Record<string, string>): DrawPageRequest => ({
  market,
  screenId: 'complaint-entry',
  query: { market, ...query },
  selfOrigin: 'http://127.0.0.1:9',
});

describe('kept heads of streamed pages', () => {
  it('draws the head once per version and arm, market and what the shell read of the query', async () => {
    const draw = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 5000 });
    const snap = new PublishedSnapshot(repoDocs());
    const head = await draw.head(snap, request('ID', { token: 'a', type: '1' }));
    expect(head?.shell?.html).toContain('Keluhan');
    expect(head?.lang).toBe('id-ID');
    // The same borrower again: the very same head, not drawn again.
    expect(await draw.head(snap, request('ID', { token: 'a', type: '1' }))).toBe(head);
    // Nothing in this shell shows the query: another borrower, or any other param, gets the same head.
    expect(await draw.head(snap, request('ID', { token: 'b', type: '1' }))).toBe(head);
    expect(await draw.head(snap, request('ID', { token: 'a', type: '2', utm: 'ad' }))).toBe(head);
    // Another market is another text set and locale.
    const inMarket = await draw.head(snap, request('IN', { token: 'a', type: '1' }));
    expect(inMarket?.lang).toBe('en-IN');
    expect(inMarket?.shell?.html).toContain('>Complaint</h1>');
    // A publish is a new snapshot: its head comes from the new documents.
    const published = await draw.head(
      new PublishedSnapshot(retitled('Keluhan baru'), 2),
      request('ID', { token: 'a' }),
    );
    expect(published?.title).toBe('Keluhan baru');
    expect(published?.shell?.html).toContain('Keluhan baru');
  });

  it("keeps each arm of a release in flight apart: a borrower never gets another arm's head", async () => {
    const draw = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 5000 });
    const candidate = retitled('Keluhan kandidat').find((d) => d.kind === 'text-set' && d.id === 'id-ID')!;
    const snap = new PublishedSnapshot(repoDocs(), 3, [rollingRelease('rel-t', [candidate])]);
    const view = (inside: boolean) => snap.pageView('ID', '/complaint', { deviceId: deviceIn('seed-rel-t', inside) });
    const headIn = async (inside: boolean) => (await draw.head(view(inside), request('ID', { token: 'a' })))?.title;
    expect(await headIn(true)).toBe('Keluhan kandidat');
    expect(await headIn(false)).toBe('Keluhan');
    expect(await headIn(true)).toBe('Keluhan kandidat');
    expect((await draw.head(snap, request('ID', { token: 'a' })))?.title).toBe('Keluhan');
  });

  it('draws the shell again when a param it shows differs, and not for one it does not', async () => {
    const docs = repoDocs();
    const entry = docs.find((d) => d.kind === 'screen' && d.id === 'complaint-entry') as Screen;
    // The shell now shows the page query's `type` before anything reads state.
    entry.body[0].children[0].children.unshift({ type: 'text', value: 'type {{ query.type }}' });
    const draw = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 5000 });
    const snap = new PublishedSnapshot(docs);
    const one = await draw.head(snap, request('ID', { token: 'a', type: '1' }));
    expect(one?.shell?.html).toContain('type 1');
    const two = await draw.head(snap, request('ID', { token: 'a', type: '2' }));
    expect(two?.shell?.html).toContain('type 2');
    expect((await draw.head(snap, request('ID', { token: 'a' })))?.shell?.html).toContain('type </');
    expect(await draw.head(snap, request('ID', { token: 'b', type: '1', orderId: '9' }))).toBe(one);
    expect(await draw.head(snap, request('ID', { token: 'c', type: '2' }))).toBe(two);
  });
});
