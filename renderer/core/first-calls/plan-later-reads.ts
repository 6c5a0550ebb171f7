/**
 * The later reads of a screen's `onLoad` the server makes beside its first call (plan-first-calls.ts `LaterCalls`):
 * reads of the query and market alone, so the drawn page carries their answers and the app need not wait for its code
 * to ask. Server-side only: the app claims what the server made from the hand-off by key.
 */
import type { Action, ApiMapDocument } from '../../../schemas/generated/types';
import { serverEndpoint } from '../api/endpoint-of';
import type { ApiAction, LaterCalls } from './plan-first-calls';

/** Actions that change nothing a later call sends or whether it is reached: they only show something. */
const SHOWS_ONLY = new Set<Action['action']>(['openModal', 'closeModal', 'toast']);

/** The later reads after `first`, when `first` is itself a read that leads on to them; none otherwise. */
export const laterReadsOf =
  (apiMap: ApiMapDocument): LaterCalls =>
  (first, after) => {
    const isRead = (name: string) => serverEndpoint(apiMap, name) !== undefined;
    return isRead(first.endpoint) && passes(first) ? laterReads(after, first, isRead) : [];
  };

/**
 * The `api` actions after the first call whose request cannot depend on what ran before them, made at once
 * beside it instead of after it. Each is a read the API map lets the server make (`firstCall.by: "server"`:
 * it changes nothing, so sending it and dropping the answer costs nothing but the call), reached past steps
 * that only show something (an `if` whose branches only open modals or toasts) or past earlier such reads, and
 * its params read only the page query, the market and state no earlier step writes. Planning stops at anything
 * else: a step that writes state, stores, navigates or waits, a call that is not such a read, an `if` with a call
 * in a branch. When an earlier call fails, the runner stops there and never takes a later answer; the claim
 * table holds it under its own key (endpoint, params, silent), so no other call can take it, and drops it once
 * `onLoad` has run.
 */
function laterReads(rest: readonly Action[], first: ApiAction, isRead: (name: string) => boolean): ApiAction[] {
  const written = new Set<string>(['$modals', ...root(first.resultTo)]);
  const reads: ApiAction[] = [];
  for (const a of rest) {
    if (a.action === 'api') {
      if (!isRead(a.endpoint) || !readsOnlyInitial(a, written)) break;
      reads.push(a);
      written.add(root(a.resultTo)[0] ?? '');
      if (!passes(a)) break;
    } else if (!showsOnly(a)) break;
  }
  return reads;
}

/** Whether the runner, after this call, goes on to the next step with nothing written but its `resultTo`. */
const passes = (a: ApiAction) => (a.onSuccess ?? []).every(showsOnly) && (a.onError ?? []).every(showsOnly);

function showsOnly(a: Action): boolean {
  if (a.action === 'if') return a.then.every(showsOnly) && (a.else ?? []).every(showsOnly);
  if (a.action === 'sequence') return a.actions.every(showsOnly);
  return SHOWS_ONLY.has(a.action);
}

const root = (path: string | undefined) => (path ? [path.split(/[.[]/)[0]] : []);

/**
 * Whether a call's params read only the page query, the market and state nothing before it wrote: not the
 * previous step's `result`, route params, the browser's storage, the clock, nor state by a computed name.
 */
function readsOnlyInitial(a: ApiAction, written: ReadonlySet<string>): boolean {
  const text = JSON.stringify(a.params ?? {});
  if (/\b(result|error|params|item|index)\b|\bstored\(|\bnow\(|\bstate\s*\[/.test(text)) return false;
  for (const m of text.matchAll(/\bstate\b(\s*\.\s*([\w$]+))?/g)) if (!m[2] || written.has(m[2])) return false;
  return true;
}
