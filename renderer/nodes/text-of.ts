import type { Runtime } from '../runtime/contract';

/** Resolves each `{name}` argument template of a copy. */
export function resolveArgs(
  runtime: Runtime,
  args: { [name: string]: string | undefined } | undefined,
): Record<string, unknown> | undefined {
  if (!args) return undefined;
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, runtime.resolve(v)]));
}

/** Data shown as text: nothing for null/undefined, never `[object Object]`. */
export function displayValue(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return '';
  return String(v);
}

/** Reads a dotted field of a data item (`data.url`, `title`). */
export function pick(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A template that should yield a list; anything else counts as an empty list. */
export function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
