/**
 * What the shell's navigation and search need, loaded once and again after every save or publish:
 * the document list, the contents of screens, maps, markets and text sets (drafts over published),
 * the would-be state's validation problems, human titles, text-key usages and the search index.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { adminApi } from '../admin-api';
import { currentContent, type DocRecord, type DocSummary, type Problem } from '../admin-types';
import { buildUsageIndex, type Usage } from '../copy/find-usages';
import { describeError } from '../describe-error';
import { buildSearchIndex, type SearchIndex } from '../search/search-index';
import { readableId } from './nav-model';

/** The locale whose copy names things in the console (the first market's language). */
export const TITLE_LOCALE = 'id-ID';
const CONTENT_KINDS = new Set(['screen', 'text-set', 'market', 'route-map']);

export interface ConsoleData {
  docs: DocSummary[];
  records: DocRecord[];
  texts: Record<string, Record<string, string>>;
  titles: Map<string, string>;
  problems: Problem[];
  usages: Map<string, Usage[]>;
  index: SearchIndex;
  routes: { path: string; screen: string }[];
  error: string | null;
  /** False until the first load has answered (or failed): until then an empty list means "not here yet", not "none". */
  loaded?: boolean;
}

const textsOf = (r: DocRecord) => {
  const t = (currentContent(r) as { texts?: unknown } | undefined)?.texts;
  return t && typeof t === 'object' ? (t as Record<string, string>) : {};
};

export function useConsoleData(): ConsoleData & { reload(): void } {
  const [docs, setDocs] = useState<DocSummary[]>([]);
  const [records, setRecords] = useState<DocRecord[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const list = await adminApi.list();
        const recs = await Promise.all(
          list.filter((d) => CONTENT_KINDS.has(d.kind)).map((d) => adminApi.get(d.kind, d.id).catch(() => null)),
        );
        // A broken draft must not hide the navigation: problems are a status, not a failure.
        const probs = await adminApi.validate().catch(() => [] as Problem[]);
        if (!live) return;
        setDocs(list);
        setRecords(recs.filter((r): r is DocRecord => !!r));
        setProblems(probs);
        setError(null);
      } catch (e) {
        if (live) setError(describeError(e));
      }
      if (live) setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [tick]);

  const derived = useMemo(() => {
    const texts: Record<string, Record<string, string>> = {};
    for (const r of records) if (r.kind === 'text-set') texts[r.id] = textsOf(r);
    const own = texts[TITLE_LOCALE] ?? Object.values(texts)[0] ?? {};
    const titles = new Map<string, string>();
    const routes: { path: string; screen: string }[] = [];
    for (const r of records) {
      const c = currentContent(r) as Record<string, unknown> | undefined;
      if (!c || typeof c !== 'object') continue;
      if (r.kind === 'screen' && typeof c.title === 'string') {
        const t = own[c.title];
        if (typeof t === 'string' && t.trim()) titles.set(`${r.kind}/${r.id}`, t);
      }
      if (r.kind === 'market' && typeof c.name === 'string') titles.set(`${r.kind}/${r.id}`, `${c.name} (${r.id})`);
      if (r.kind === 'text-set') titles.set(`${r.kind}/${r.id}`, `Copy ${r.id}`);
      if (r.kind === 'route-map' && Array.isArray(c.routes)) {
        for (const x of c.routes as { path?: unknown; screen?: unknown }[]) {
          if (x && typeof x.path === 'string' && typeof x.screen === 'string')
            routes.push({ path: x.path, screen: x.screen });
        }
      }
    }
    const screens = records
      .filter((r) => r.kind === 'screen')
      .map((r) => ({ kind: r.kind, id: r.id, content: currentContent(r) }));
    const usages = buildUsageIndex(screens, new Set(Object.values(texts).flatMap(Object.keys)));
    const index = buildSearchIndex({
      docs: docs
        .filter((d) => d.kind !== 'landing-template')
        .map((d) => ({
          kind: d.kind,
          id: d.id,
          file: d.file,
          title: titles.get(`${d.kind}/${d.id}`) ?? readableId(d.id),
        })),
      texts,
      usages,
    });
    return { texts, titles, usages, index, routes };
  }, [records, docs]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { docs, records, problems, error, loaded, reload, ...derived };
}
