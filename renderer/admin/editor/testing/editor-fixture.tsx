/**
 * Test support for the screen editor: a real screen (complaint entry) opened in the console's document panel with
 * the shipped text sets, markets and route map, a fake admin API that records the draft saves, and helpers that
 * read the outline the way a screen reader user would (treeitems, their level and selection).
 */
import { render, screen, within } from '@testing-library/react';
import entry from '../../../../screens/pages/complaints/complaint-entry.json';
import idTexts from '../../../../screens/texts/id-ID.json';
import enTexts from '../../../../screens/texts/en-IN.json';
import marketId from '../../../../screens/markets/ID.json';
import routeMap from '../../../../screens/maps/route-map.json';
import type { DocRecord } from '../../admin-types';
import JsonDocPanel from '../../JsonDocPanel';
import { fakeAdminServer } from '../../testing/fake-admin-server';
import type { EditorData } from '../use-editor-context';
// The panel loads the editor lazily (React.lazy): loaded with the test file, it is there at the first render.
import '../ScreenEditor';

export const ENTRY = entry;
export const ID_TEXTS = (idTexts as { texts: Record<string, string> }).texts;

const record = (kind: string, id: string, content: unknown): DocRecord =>
  ({
    kind,
    id,
    file: `screens/${kind}/${id}.json`,
    etag: `"${kind}-${id}-1"`,
    published: { version: 1, content, publishedAt: '2026-11-01T00:00:00Z', publishedBy: 'ops' },
    draft: null,
  }) as unknown as DocRecord;

export function openEditor(content: unknown = entry, role: 'editor' | 'viewer' = 'editor') {
  const { kind, id } = content as { kind: string; id: string };
  const server = fakeAdminServer({
    [`PUT /documents/${kind}/${id}/draft`]: (req) => ({
      body: { ...record(kind, id, null), draft: { content: req.body, editors: ['ed'] } },
      headers: { ETag: `"${kind}-2"` },
    }),
  });
  const data: EditorData = {
    texts: { 'id-ID': ID_TEXTS, 'en-IN': (enTexts as { texts: Record<string, string> }).texts },
    consoleLocale: 'id-ID',
    records: [record('market', 'ID', marketId), record('route-map', 'default', routeMap)],
    docs: [],
    routePath: '/complaint',
    market: 'ID',
    onTextsSaved: () => {},
  };
  const saved: DocRecord[] = [];
  const doc = record(kind, id, content);
  const panel = (editorData: EditorData) => (
    <JsonDocPanel doc={doc} role={role} onSaved={(d) => saved.push(d)} onReload={() => {}} editorData={editorData} />
  );
  const { rerender } = render(panel(data));
  /** The console's data loaded again (a save anywhere): new objects, with what `more` changes. */
  const reloadData = (more: Partial<EditorData> = {}) =>
    rerender(panel({ ...data, texts: structuredClone(data.texts), records: [...data.records], ...more }));
  return { ...server, saved, reloadData, container: document.body };
}

export const tree = () => screen.getByRole('tree', { name: 'Outline' });
export const items = () => within(tree()).getAllByRole('treeitem');
/** Each row as `level type`, e.g. `3 card`, in outline order. */
export const outline = () =>
  items().map((el) => `${el.getAttribute('aria-level')} ${el.querySelector('.outline__type')?.textContent}`);
export const selectedRow = () => items().find((el) => el.getAttribute('aria-selected') === 'true');
export const rowOf = (pointer: string) => items().find((el) => el.dataset.pointer === pointer)!;
