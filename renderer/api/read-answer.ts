/**
 * A backend answer's `data` read into the shape screens bind to, by what the API map says. Real backends send
 * the spec's fields in other shapes than ours: a list endpoint may answer with the list itself or under `rows`,
 * a flag as 1, "1" or true, an amount in minor units. The API client and the server's own first call both read
 * answers here, so a screen sees one shape whichever route its data took.
 */
import type { ApiMapDocument, Endpoint } from '../../schemas/generated/types';
import { readAmount } from '../expressions/amount';
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
  if (ep.read?.minorUnits?.length) for (const path of ep.read.minorUnits) readMinorUnits(out, path.split('.'), `data.${path}`, opts);
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

function readMinorUnits(node: unknown, path: string[], label: string, opts: ReadOptions): void {
  const [head, ...rest] = path;
  if (head === '*') {
    if (Array.isArray(node)) node.forEach((item, i) => readMinorUnits(item, rest, label.replace('*', String(i)), opts));
    return;
  }
  if (!isRecord(node) || FORBIDDEN_KEYS.has(head) || !Object.hasOwn(node, head)) return;
  if (rest.length) return readMinorUnits(node[head], rest, label, opts);
  const market = isRecord(opts.market) ? opts.market : {};
  const minor = isRecord(market.currency) && typeof market.currency.minorUnits === 'number' ? market.currency.minorUnits : 100;
  const r = readAmount(node[head], market.number, minor);
  if (r.kind === 'amount') node[head] = r.value;
  else if (r.kind === 'unreadable') {
    opts.warn?.(`${opts.name ?? 'call'}: ${label} ${JSON.stringify(node[head])?.slice(0, 60)} is not an amount in minor units`);
    node[head] = null;
  }
}

/** Flags, statuses and codes by name, anywhere in the answer: 1, "1" and true read as 1, false as 0. */
function toNumbers(node: unknown, names: Set<string>, depth = 0): void {
  if (depth > 32) return;
  if (Array.isArray(node)) {
    for (const item of node) if (item && typeof item === 'object') toNumbers(item, names, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  for (const key of Object.keys(node)) {
    const v = node[key];
    if (names.has(key)) {
      if (typeof v === 'boolean') node[key] = v ? 1 : 0;
      else if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) node[key] = Number(v);
    } else if (v && typeof v === 'object') toNumbers(v, names, depth + 1);
  }
}
