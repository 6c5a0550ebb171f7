/**
 * The console's search over everything it has loaded: documents (by human title, id and file),
 * text keys (by key and by copy in any locale) and, for each key that matched, the screens that use
 * it. Built client-side from the documents the navigation already loads; no server round trip.
 */
import type { Usage } from '../copy/find-usages';

export interface SearchDoc {
  kind: string;
  id: string;
  file: string;
  title: string;
}

export interface SearchInput {
  docs: SearchDoc[];
  /** locale → key → copy (drafts over published). */
  texts: Record<string, Record<string, string>>;
  usages: Map<string, Usage[]>;
}

export type SearchResult =
  | { type: 'doc'; kind: string; id: string; title: string; via?: string }
  | { type: 'key'; key: string; locale?: string; text: string };

const norm = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

export interface SearchIndex {
  search(query: string, limit?: number): SearchResult[];
}

export function buildSearchIndex(input: SearchInput): SearchIndex {
  const docs = input.docs.map((d) => ({ d, hay: norm(`${d.title}\n${d.kind} ${d.id}\n${d.file}`) }));
  const keys = new Map<string, { hayKey: string; values: [string, string, string][] }>();
  for (const [locale, texts] of Object.entries(input.texts)) {
    for (const [key, value] of Object.entries(texts)) {
      if (typeof value !== 'string') continue;
      const entry = keys.get(key) ?? { hayKey: norm(key), values: [] };
      entry.values.push([locale, value, norm(value)]);
      keys.set(key, entry);
    }
  }
  const byRef = new Map(input.docs.map((d) => [`${d.kind}/${d.id}`, d]));

  return {
    search(query, limit = 30) {
      const q = norm(query.trim());
      if (!q) return [];
      const out: SearchResult[] = [];
      const seenDocs = new Set<string>();
      const addDoc = (d: SearchDoc, via?: string) => {
        const ref = `${d.kind}/${d.id}`;
        if (seenDocs.has(ref)) return;
        seenDocs.add(ref);
        out.push({ type: 'doc', kind: d.kind, id: d.id, title: d.title, via });
      };
      for (const { d, hay } of docs) if (hay.includes(q)) addDoc(d);
      const matchedKeys: string[] = [];
      for (const [key, { hayKey, values }] of keys) {
        const hit = values.find(([, , n]) => n.includes(q));
        if (hayKey.includes(q) || hit) {
          const [locale, text] = hit ?? values[0]!;
          out.push({ type: 'key', key, locale, text });
          matchedKeys.push(key);
        }
      }
      // The screens using a matched key come after it: "Keluhan" → the key(s) → where they show.
      for (const key of matchedKeys) {
        for (const u of input.usages.get(key) ?? []) {
          const d = byRef.get(`${u.kind}/${u.id}`);
          if (d) addDoc(d, key);
        }
      }
      // Documents found directly, then keys, then the screens using those keys; when the list is
      // cut, each part keeps a share so a common word still shows where it appears.
      const direct = out.filter((r) => r.type === 'doc' && !r.via);
      // Closest copy first: the whole text, then text starting with the words, then shorter text.
      const rank = (r: SearchResult) => {
        if (r.type !== 'key') return 0;
        const t = norm(r.text);
        return (t === q || norm(r.key) === q ? 0 : t.startsWith(q) ? 1 : 2) * 1e6 + t.length;
      };
      const keyHits = out.filter((r) => r.type === 'key').sort((a, b) => rank(a) - rank(b));
      const via = out.filter((r) => r.type === 'doc' && r.via);
      const share = Math.max(1, Math.floor(limit / 3));
      const d = direct.slice(0, Math.max(share, limit - keyHits.length - via.length));
      const v = via.slice(0, Math.max(share, limit - d.length - keyHits.length));
      const k = keyHits.slice(0, Math.max(0, limit - d.length - v.length));
      return [...d, ...k, ...v].slice(0, limit);
    },
  };
}
