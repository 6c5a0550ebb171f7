/**
 * Documents by kind, market and locale; the chosen one opens in the editor its kind calls for
 * (text sets: the side-by-side table, markets: the generated form, everything else: JSON), with
 * its history below and the draft preview beside it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RouteMapDocument } from '../../schemas/generated/types';
import { adminApi } from './admin-api';
import { currentContent, type DocRecord, type DocSummary, type Role } from './admin-types';
import { describeError } from './describe-error';
import HistoryPanel from './HistoryPanel';
import JsonDocPanel from './JsonDocPanel';
import MarketForm from './MarketForm';
import PreviewFrame from './PreviewFrame';
import { confirmLeave } from './safety/use-unsaved-guard';
import TextSetEditor from './TextSetEditor';

export default function DocumentsView({ role }: { role: Role }) {
  const [filter, setFilter] = useState({ kind: '', market: '', locale: '' });
  const [kinds, setKinds] = useState<string[]>([]);
  const [docs, setDocs] = useState<DocSummary[]>([]);
  const [open, setOpen] = useState<DocRecord | null>(null);
  const [paths, setPaths] = useState<{ path: string; screen: string }[]>([]);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const loadList = useCallback(async () => {
    try {
      const all = await adminApi.list();
      setKinds([...new Set(all.map((d) => d.kind))].sort());
      setDocs(await adminApi.list(filter));
      const rm = all.find((d) => d.kind === 'route-map');
      if (rm) {
        const content = currentContent(await adminApi.get(rm.kind, rm.id)) as RouteMapDocument | undefined;
        setPaths((content?.routes ?? []).map((r) => ({ path: r.path, screen: r.screen })));
      }
      setError(null);
    } catch (e) {
      setError(describeError(e));
    }
  }, [filter]);
  useEffect(() => void loadList(), [loadList, version]);

  async function select(kind: string, id: string) {
    // Opening another document replaces the editor: unsaved edits ask first.
    if ((open?.kind !== kind || open.id !== id) && !confirmLeave()) return;
    try {
      setOpen(await adminApi.get(kind, id));
    } catch (e) {
      setError(describeError(e));
    }
  }
  const reopen = () => open && void select(open.kind, open.id);
  const saved = (d?: DocRecord) => {
    setVersion((v) => v + 1);
    if (d?.kind && d.id) setOpen(d);
    else reopen();
  };

  const markets = [...new Set(docs.flatMap((d) => d.markets))].sort();
  const locales = [...new Set(docs.map((d) => d.locale).filter((l): l is string => !!l))].sort();
  const market = filter.market || (open?.kind === 'market' ? open.id : 'ID');
  const screenPath = open?.kind === 'screen' ? paths.find((p) => p.screen === open.id)?.path : undefined;

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <nav aria-label="Documents" style={{ minWidth: 220 }}>
        <label>
          Kind{' '}
          <select value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.target.value })}>
            <option value="">all</option>
            {kinds.map((k) => <option key={k}>{k}</option>)}
          </select>
        </label>
        <label>
          Market{' '}
          <select value={filter.market} onChange={(e) => setFilter({ ...filter, market: e.target.value })}>
            <option value="">all</option>
            {[...new Set(['ID', 'IN', ...markets])].map((m) => <option key={m}>{m}</option>)}
          </select>
        </label>
        <label>
          Locale{' '}
          <select value={filter.locale} onChange={(e) => setFilter({ ...filter, locale: e.target.value })}>
            <option value="">all</option>
            {[...new Set(['id-ID', 'en-IN', ...locales])].map((l) => <option key={l}>{l}</option>)}
          </select>
        </label>
        {error && <p role="alert" className="error">{error}</p>}
        <ul style={{ listStyle: 'none', padding: 0 }}>
          {docs.map((d) => (
            <li key={`${d.kind}/${d.id}`}>
              <button type="button" aria-current={open?.kind === d.kind && open.id === d.id ? 'true' : undefined} onClick={() => void select(d.kind, d.id)}>
                {d.kind} {d.id}
              </button>
              {d.hasDraft && <small> draft</small>}
            </li>
          ))}
        </ul>
      </nav>
      <div style={{ flex: 1, minWidth: 0 }}>
        {!open && <p>Choose a document.</p>}
        {open?.kind === 'text-set' && <TextSetEditor role={role} onSaved={() => saved()} />}
        {open?.kind === 'market' && <MarketForm key={open.id} doc={open} role={role} onSaved={saved} />}
        {open && open.kind !== 'text-set' && open.kind !== 'market' && (
          <JsonDocPanel key={`${open.kind}/${open.id}`} doc={open} role={role} onSaved={saved} onReload={reopen} />
        )}
        {open && <HistoryPanel kind={open.kind} id={open.id} role={role} refresh={version} onRolledBack={() => saved()} />}
      </div>
      <PreviewFrame paths={paths.map((p) => p.path)} initialPath={screenPath} market={market} version={version} />
    </div>
  );
}
