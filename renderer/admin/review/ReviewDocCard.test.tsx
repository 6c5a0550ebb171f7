import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocRecord } from '../admin-types';
import { draftSummary } from '../testing/draft-summary';
import { fakeAdminServer } from '../testing/fake-admin-server';
import ReviewDocCard from './ReviewDocCard';

const summary = (kind: string, id: string, markets: string[] = []) =>
  draftSummary(kind, id, { markets, draftUpdatedBy: 'ana', editors: ['ana'] });
const record = (kind: string, id: string, published: unknown, draft: unknown): DocRecord =>
  ({
    kind,
    id,
    file: `${kind}/${id}.json`,
    etag: '"e"',
    published: published ? { version: 3, content: published } : null,
    draft: draft ? { content: draft, editors: ['ana'] } : null,
  }) as unknown as DocRecord;

const screenDoc = (text: string) => ({
  kind: 'screen',
  id: 'complaint-entry',
  schemaVersion: 1,
  title: 't',
  body: [{ type: 'text', value: text }],
});

function routeMapServer() {
  return fakeAdminServer({
    'GET /documents': () => ({ body: { documents: [summary('route-map', 'default')] } }),
    'GET /documents/route-map/default': () => ({
      body: record('route-map', 'default', null, {
        kind: 'route-map',
        notFound: 'not-found',
        routes: [
          { path: '/', screen: 'site-home' },
          { path: '/complaint', screen: 'complaint-entry' },
        ],
      }),
    }),
  });
}

/**
 * The frame says it listens; the picture sends it its document. Asked until it answers: the picture joins its frame
 * in an effect, which a loaded CI machine ran after the frame was found (an unanswered first ask, 2026-11-26).
 */
function readyAndRead(frame: HTMLIFrameElement) {
  const posts = vi.fn();
  frame.contentWindow!.postMessage = posts as never;
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { sdui: 'editor-ready' },
      origin: location.origin,
      source: frame.contentWindow,
    }),
  );
  return posts.mock.calls.map((c) => c[0]).find((m) => m.sdui === 'editor-draft');
}

afterEach(() => vi.unstubAllGlobals());

describe('ReviewDocCard pictures', () => {
  it('a changed screen: published and draft pictures, inert and labelled, each drawing its own document', async () => {
    const { calls } = routeMapServer();
    const before = screenDoc('Old words');
    const after = screenDoc('New words');
    render(
      <ReviewDocCard
        summary={summary('screen', 'complaint-entry', ['ID'])}
        record={record('screen', 'complaint-entry', before, after)}
        checked
      />,
    );
    const published = (await screen.findByTitle('Published (before): screen complaint-entry', undefined, {
      timeout: 5000,
    })) as HTMLIFrameElement;
    const draft = screen.getByTitle('Draft (after): screen complaint-entry') as HTMLIFrameElement;
    for (const f of [published, draft]) {
      expect(f.hasAttribute('inert')).toBe(true);
      // inert: out of the tab order and of the accessibility tree, clicks included.
      expect(f.getAttribute('src')).toBe('/complaint?market=ID&sduiPreview=1');
    }
    expect(screen.getByRole('group', { name: 'Pictures of screen complaint-entry, market ID' })).toBeTruthy();
    // Beside the structural diff, not instead of it.
    expect(screen.getByRole('table', { name: 'Changes in screen complaint-entry' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['GET /documents?kind=route-map', 'GET /documents/route-map/default']),
    );

    await vi.waitFor(() =>
      expect(readyAndRead(published)).toEqual({ sdui: 'editor-draft', kind: 'screen', doc: before, market: 'ID' }),
    );
    await vi.waitFor(() =>
      expect(readyAndRead(draft)).toEqual({ sdui: 'editor-draft', kind: 'screen', doc: after, market: 'ID' }),
    );
  });

  it('a new screen has only the draft picture; a screen no route opens says so', async () => {
    routeMapServer();
    const { unmount } = render(
      <ReviewDocCard
        summary={summary('screen', 'complaint-entry')}
        record={record('screen', 'complaint-entry', null, screenDoc('x'))}
        checked
      />,
    );
    await screen.findByTitle('Draft (after): screen complaint-entry');
    expect(screen.getByText('Published (before): nothing, a new document.')).toBeTruthy();
    expect(screen.queryByTitle(/^Published/)).toBeNull();
    unmount();

    const lonely = { ...screenDoc('x'), id: 'lonely' };
    render(
      <ReviewDocCard
        summary={summary('screen', 'lonely')}
        record={record('screen', 'lonely', lonely, screenDoc('y'))}
        checked
      />,
    );
    await screen.findByText('No route opens screen lonely: there is no picture of it.');
    expect(screen.queryByTitle(/before|after/)).toBeNull();
    cleanup();

    // The not-found screen is what a path without a route shows.
    const nf = (text: string) => ({ ...screenDoc(text), id: 'not-found' });
    render(
      <ReviewDocCard
        summary={summary('screen', 'not-found')}
        record={record('screen', 'not-found', nf('a'), nf('b'))}
        checked
      />,
    );
    const f = await screen.findByTitle('Draft (after): screen not-found');
    expect(f.getAttribute('src')).toBe('/preview-of-not-found?market=ID&sduiPreview=1');
  });

  it('a landing template is pictured on its registration page in its own market; other kinds have no pictures', async () => {
    const { calls } = routeMapServer();
    const tpl = (title: string) => ({
      kind: 'landing-template',
      id: 'spring',
      templateId: 'spring',
      market: 'IN',
      title,
    });
    const { unmount } = render(
      <ReviewDocCard
        summary={summary('landing-template', 'spring')}
        record={record('landing-template', 'spring', tpl('a'), tpl('b'))}
        checked
      />,
    );
    const after = screen.getByTitle('Draft (after): landing-template spring') as HTMLIFrameElement;
    expect(after.getAttribute('src')).toBe('/register?templateId=spring&market=IN&sduiPreview=1');
    await vi.waitFor(() => expect(readyAndRead(after)).toMatchObject({ kind: 'landing-template', doc: tpl('b') }));
    unmount();

    render(
      <ReviewDocCard
        summary={summary('market', 'ID', ['ID'])}
        record={record('market', 'ID', { kind: 'market', a: 1 }, { kind: 'market', a: 2 })}
        checked
      />,
    );
    await act(async () => {});
    expect(document.querySelector('iframe')).toBeNull();
    expect(calls).toEqual([]);
  });
});
