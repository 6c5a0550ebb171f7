/**
 * A backend answer's `data` read into the shape screens bind to, by what the API map says. Real backends send
 * the same fields in other shapes than ours: a list endpoint may answer with the list itself or under `rows`,
 * a flag as 1, "1" or true, an amount in minor units. The API client and the server's own first call both read
 * answers here, so a screen sees one shape whichever route its data took.
 */
import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';
import { readAmount } from '../money/amount';
import { FORBIDDEN_KEYS } from '../expressions/evaluate';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export interface ReadOptions {
  /** The market document in force: its number format and currency's minor units (for `read.minorUnits`). */
  market?: unknown;
  /** Logs a value the map says is an amount but is not one (it becomes null: the screen shows its placeholder). */
  warn?: (message: string) => void;
  /** The endpoint's logical name, for warnings. */
  name?: string;
}

/** `data` of a successful answer, read by the endpoint's `read` rules and the map's `numericFields`. */
export function readAnswer(apiMap: ApiMapDocument, ep: Endpoint, data: unknown, opts: ReadOptions = {}): unknown {
  let out = data;
  if (ep.read?.list) out = readList(out, ep.read.list.at, ep.read.list.accept);
  if (ep.read?.minorUnits?.length)
    for (const path of ep.read.minorUnits) readMinorUnits(out, path.split('.'), `data.${path}`, opts);
  const numeric = apiMap.numericFields;
  if (numeric?.length) toNumbers(out, new Set(numeric.filter((n) => !FORBIDDEN_KEYS.has(n))));
  return out;
}

/** The list where screens read it (`data.<at>`), whether `data` is the list, holds it under an accepted key, or lacks it. */
function readList(data: unknown, at: string, accept: readonly string[]): unknown {
  if (FORBIDDEN_KEYS.has(at)) return data;
  if (Array.isArray(data)) return { [at]: data };
  const obj = isRecord(data) ? data : {};
  if (Array.isArray(obj[at])) return obj;
  const key = accept.find((k) => !FORBIDDEN_KEYS.has(k) && Object.hasOwn(obj, k) && Array.isArray(obj[k]));
  return { ...obj, [at]: key ? obj[key] : [] };
}

function readMinorUnits(node: unknown, [head, ...rest]: string[], label: string, opts: ReadOptions): void {
  if (head === '*')
    return void (
      Array.isArray(node) && node.forEach((item, i) => readMinorUnits(item, rest, label.replace('*', String(i)), opts))
    );
  if (!isRecord(node) || FORBIDDEN_KEYS.has(head) || !Object.hasOwn(node, head)) return;
  if (rest.length) return readMinorUnits(node[head], rest, label, opts);
  const market = isRecord(opts.market) ? opts.market : {};
  const r = readAmount(
    node[head],
    market.number,
    Number((market.currency as { minorUnits?: unknown } | undefined)?.minorUnits) || 100,
  );
  if (r.kind === 'unreadable')
    opts.warn?.(`${opts.name}: ${label} ${JSON.stringify(node[head])?.slice(0, 60)} is not an amount in minor units`);
  if (r.kind !== 'empty') node[head] = r.kind === 'amount' ? r.value : null;
}

/** Flags, statuses and codes by name, anywhere in the answer: 1, "1" and true read as 1, false as 0. */
function toNumbers(node: unknown, names: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, v] of Object.entries(node)) {
    if (!names.has(key) || Array.isArray(node)) toNumbers(v, names);
    else if (typeof v === 'boolean' || (typeof v === 'string' && /^-?\d{1,15}$/.test(v)))
      (node as Record<string, unknown>)[key] = Number(v);
  }
}
