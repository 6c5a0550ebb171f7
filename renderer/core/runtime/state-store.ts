import { FORBIDDEN_KEYS } from '../expressions/evaluate';

export type State = Record<string, unknown>;

export interface StateStore {
  getSnapshot(): State;
  subscribe(listener: () => void): () => void;
  get(path: string): unknown;
  set(path: string, value: unknown): void;
}

/** Splits `a.b.0.c` (also `a[0].c`) into segments; refuses prototype-reaching names. */
export function splitPath(path: string): string[] {
  const parts = String(path)
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((p) => p !== '');
  for (const p of parts) if (FORBIDDEN_KEYS.has(p)) throw new Error(`state path "${path}": "${p}" is not allowed`);
  return parts;
}

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const p of splitPath(path)) {
    if (cur == null || typeof cur !== 'object' || !Object.hasOwn(cur, p)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

/** Copy-on-write set: every object on the path is new, so React sees a new snapshot. */
export function setPath(obj: State, path: string, value: unknown): State {
  const parts = splitPath(path);
  if (!parts.length) throw new Error('empty state path');
  const write = (node: unknown, i: number): unknown => {
    const key = parts[i];
    const isIndex = /^\d+$/.test(key);
    const base: Record<string, unknown> | unknown[] = Array.isArray(node)
      ? [...node]
      : node && typeof node === 'object'
        ? { ...(node as Record<string, unknown>) }
        : isIndex
          ? []
          : {};
    const child = i === parts.length - 1 ? value : write((base as Record<string, unknown>)[key], i + 1);
    (base as Record<string, unknown>)[key] = child;
    return base;
  };
  return write(obj, 0) as State;
}

/**
 * Per-screen state: dotted-path reads/writes and a subscription for useSyncExternalStore.
 * `handedOver`: the caller gives `initial` away (the state a drawn page was drawn with, parsed for this store
 * alone), so it is kept as it is instead of copied: a 200-item answer is then held once, not twice. Writes are
 * copy-on-write either way; the copy only protects a document's own `state` from a caller that mutates it.
 */
export function createStateStore(initial: State = {}, handedOver = false): StateStore {
  let state: State = handedOver && initial && typeof initial === 'object' ? initial : structuredCloneSafe(initial);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (path) => getPath(state, path),
    set(path, value) {
      // The value already there (the server's answer a drawn page was drawn with, claimed by onLoad): nothing
      // changes, so no new snapshot, and React does not draw the whole screen again to find that out.
      if (value !== undefined && getPath(state, path) === value) return;
      state = setPath(state, path, value);
      emit();
    },
  };
}

function structuredCloneSafe(v: State): State {
  // Documents are plain JSON; a clone keeps a screen's initial state untouched between visits.
  try {
    return JSON.parse(JSON.stringify(v ?? {}));
  } catch {
    return {};
  }
}
