/**
 * The bindings a template or condition can read, for the binding picker: the screen's `state.*` (its initial state),
 * `market.*` (the market document), and `query.*` / `item.*` as the current preview has them. Each comes with the
 * value it has in the preview when the preview knows it, else its value in the document.
 */
import type { EditorContext } from '../editor-context';

export interface Candidate {
  /** The expression, e.g. `state.order.status`. */
  path: string;
  value: unknown;
}

/** Document bookkeeping of the market document: not something a screen shows. */
const MARKET_META = new Set(['kind', 'id', 'schemaVersion', 'description']);
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function flatten(prefix: string, value: unknown, out: Candidate[], depth: number, skip?: Set<string>) {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 4) return;
  for (const [k, v] of Object.entries(value)) {
    if (skip?.has(k) || !IDENT.test(k)) continue;
    const path = `${prefix}.${k}`;
    out.push({ path, value: v });
    flatten(path, v, out, depth + 1);
  }
}

export function bindingCandidates(ctx: EditorContext): Candidate[] {
  const out: Candidate[] = [];
  flatten('state', ctx.screenState, out, 0);
  const query = ctx.previewValues?.('query');
  flatten('query', query, out, 3);
  const item = ctx.previewValues?.('item');
  if (item !== undefined) {
    out.push({ path: 'item', value: item }, { path: 'index', value: ctx.previewValues?.('index') });
    flatten('item', item, out, 2);
  }
  flatten('market', ctx.marketDoc, out, 1, MARKET_META);
  return out.map((c) => {
    const live = ctx.previewValues?.(c.path);
    return live === undefined ? c : { ...c, value: live };
  });
}

/** The numeric constants under `market.limits`, as `limits.smsCodeLength` paths with their values. */
export function limitCandidates(ctx: EditorContext): Candidate[] {
  const out: Candidate[] = [];
  flatten('market.limits', (ctx.marketDoc as { limits?: unknown } | null)?.limits, out, 2);
  return out.filter((c) => typeof c.value === 'number');
}

/** Case-insensitive match of a query against a candidate's path or its value. */
export function filterCandidates(list: Candidate[], query: string, max = 30): Candidate[] {
  const q = query.trim().toLowerCase();
  const hits = q
    ? list.filter(
        (c) =>
          c.path.toLowerCase().includes(q) ||
          String(JSON.stringify(c.value) ?? '')
            .toLowerCase()
            .includes(q),
      )
    : list;
  return hits.slice(0, max);
}
