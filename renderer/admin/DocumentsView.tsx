/**
 * One console page about documents: the copy table (`#/copy`, or a text set with its history), a
 * market's form, a screen or landing template in the screen editor or as JSON, or any other document
 * as JSON; its history below and the draft preview beside it (the screen editor has its own canvas
 * instead). The preview's "Edit text" mode saves a key's copy from a click on the screen.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { adminApi } from './admin-api';
import { currentContent, type DocRecord, type Role } from './admin-types';
import { describeError } from './describe-error';
import { DEFAULT_MARKET } from '../core/market/default-market';
import HistoryPanel from './HistoryPanel';
import { hasScreenEditor } from './editor/editor-kinds';
import JsonDocPanel, { storedView, type View } from './JsonDocPanel';
import MarketForm from './MarketForm';
import type { ConsoleRoute } from './nav/hash-route';
import type { ConsoleData } from './nav/use-console-data';
import PreviewFrame from './PreviewFrame';
import TextSetEditor from './TextSetEditor';
import { useLatest } from './use-latest';

interface Props {
  role: Role;
  route: Extract<ConsoleRoute, { page: 'copy' } | { page: 'doc' }>;
  data: ConsoleData;
  /** A draft was saved: statuses, titles and search are reloaded. */
  onChanged(): void;
  onOpenKey(key: string): void;
  onOpenDoc(kind: string, id: string): void;
}

/** The market a document belongs to for the preview (a market opens its own; others show the default market). */
function marketFor(route: Props['route']): string {
  return route.page === 'doc' && route.kind === 'market' ? route.id : DEFAULT_MARKET;
}

export default function DocumentsView({ role, route, data, onChanged, onOpenKey, onOpenDoc }: Props) {
  const [loaded, setLoaded] = useState<DocRecord | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** The screen editor brings its own canvas: the page's preview steps aside while it is shown. */
  const [view, setView] = useState<View>(storedView);
  /**
   * Copy saved from the preview, until the console's data is reloaded with it: the frame shows the new copy at once,
   * and a click on it must match the copy the frame runs, not the one the console loaded before the save.
   */
  const [justSaved, setJustSaved] = useState<Record<string, Record<string, string>>>({});
  useEffect(() => setJustSaved({}), [data.records]);
  const ref = route.page === 'doc' ? `${route.kind}/${route.id}` : null;
  // Only the document the route names is shown: one opened before it (its answer late, or a save that finished after
  // ops moved on) must never stand under another's name, where an edit would go to the wrong document.
  const open = loaded && `${loaded.kind}/${loaded.id}` === ref ? loaded : null;
  const begin = useLatest();

  const load = useCallback(async () => {
    const latest = begin();
    if (route.page !== 'doc') return setLoaded(null);
    try {
      const doc = await adminApi.get(route.kind, route.id);
      if (!latest()) return;
      setLoaded(doc);
      setError(null);
    } catch (e) {
      if (!latest()) return;
      setLoaded(null);
      setError(describeError(e));
    }
    // Keyed on the document reference: the route object is new on every render.
  }, [ref]);
  useEffect(() => void load(), [load]);

  const saved = (d?: DocRecord) => {
    setVersion((v) => v + 1);
    onChanged();
    if (!d?.kind || !d.id) void load();
    // A save's record replaces only the same document: one finishing after ops moved on leaves theirs in place.
    else setLoaded((cur) => (cur?.kind === d.kind && cur.id === d.id ? d : cur));
  };

  const market = marketFor(route);
  const marketDoc = data.records.find((r) => r.kind === 'market' && r.id === market);
  const locale =
    ((marketDoc && (currentContent(marketDoc) as { textSet?: unknown })?.textSet) as string | undefined) ??
    (market === 'IN' ? 'en-IN' : 'id-ID');
  const screenPath = open?.kind === 'screen' ? data.routes.find((p) => p.screen === open.id)?.path : undefined;

  /** Saves one key's copy in one text set (from the preview's in-context editor). */
  async function saveText(setId: string, key: string, value: string) {
    const doc = await adminApi.get('text-set', setId);
    const content = currentContent(doc) as { texts: Record<string, string> };
    await adminApi.saveDraft('text-set', setId, { ...content, texts: { ...content.texts, [key]: value } }, doc.etag);
    setJustSaved((s) => ({ ...s, [setId]: { ...s[setId], [key]: value } }));
    saved();
  }

  const preferKeys = new Set<string>();
  if (open?.kind === 'screen')
    for (const [key, uses] of data.usages)
      if (uses.some((u) => u.kind === 'screen' && u.id === open.id)) preferKeys.add(key);

  const isCopy = route.page === 'copy' || route.kind === 'text-set';
  const paths = data.routes.map((p) => p.path);
  // The shell hands a new onChanged each render: the editor's data stays the same object unless its content changed.
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const withEditor = !isCopy && !!open && hasScreenEditor(open.kind) && view === 'editor';
  const editorData = useMemo(
    () => ({
      texts: data.texts,
      consoleLocale: locale,
      records: data.records,
      docs: data.docs,
      routePath: screenPath,
      market,
      onTextsSaved: () => changedRef.current(),
    }),
    [data.texts, data.records, data.docs, locale, screenPath, market],
  );

  return (
    <div className={`doc-page${isCopy ? ' doc-page--copy' : ''}${withEditor ? ' doc-page--editor' : ''}`}>
      <div className="doc-page__editor">
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {isCopy && (
          <TextSetEditor
            key={route.page === 'copy' ? `copy:${route.key ?? ''}` : 'copy'}
            role={role}
            focusKey={route.page === 'copy' ? route.key : undefined}
            // Until the screens are in, where a key is used is not known: never "not used by a screen".
            usages={data.loaded === false ? undefined : data.usages}
            titles={data.titles}
            onOpenDoc={onOpenDoc}
            onSaved={() => saved()}
          />
        )}
        {!isCopy && open?.kind === 'market' && <MarketForm key={open.id} doc={open} role={role} onSaved={saved} />}
        {!isCopy && open && open.kind !== 'market' && (
          <JsonDocPanel
            key={`${open.kind}/${open.id}`}
            doc={open}
            role={role}
            onSaved={saved}
            onReload={() => void load()}
            editorData={editorData}
            onViewChange={setView}
          />
        )}
        {route.page === 'doc' && open && (
          <HistoryPanel kind={open.kind} id={open.id} role={role} refresh={version} onRolledBack={() => saved()} />
        )}
      </div>
      {!withEditor && (
        <PreviewFrame
          paths={paths}
          initialPath={screenPath}
          market={market}
          version={version}
          collapsible={isCopy}
          inContext={{
            locale,
            texts: { ...data.texts[locale], ...justSaved[locale] },
            usages: data.usages,
            role,
            onSave: saveText,
            onOpenKey,
            preferKeys,
          }}
        />
      )}
    </div>
  );
}
