/**
 * The one reader of a screen's `onLoad` for its first data: which calls the first render needs, keyed, worked
 * out from the screen, the page query and the bundle before anything runs. The server makes them (or hands
 * them to the page to send early), the app sends what is left; all of them land in one claim table.
 */
import type { Action, ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';
import { createHelpers, evaluate, resolveTemplate } from '../expressions';
import { endpointOf } from '../api/call-rules';
import { copyText } from '../copy/copy-text';
import type { ScreenInput } from '../screen/screen-input';
import { callKey } from './call-key';

export interface PlannedCall {
  key: string;
  endpoint: string;
  params: Record<string, unknown>;
  silent: boolean;
}

/**
 * The screen's planning fields (core/screen/screen-input.ts), with copy read tolerantly: the browser hands its
 * bundle's texts unchecked, and a value that is not a string plans as its key, as `t()` draws it. With the API
 * map, the later reads are planned too (see `laterReads`); without it, only the first call.
 */
export type PlanInput = Pick<ScreenInput, 'doc' | 'query' | 'market' | 'stored'> & {
  texts: Readonly<Record<string, unknown>>;
  apiMap?: ApiMapDocument;
};

type ApiAction = Extract<Action, { action: 'api' }>;

/** Actions that change nothing a later call sends or whether it is reached: they only show something. */
const SHOWS_ONLY = new Set<Action['action']>(['openModal', 'closeModal', 'toast']);

/**
 * The first `api` action `onLoad` would run, as the runner would resolve it from the screen's initial state
 * (through `if` / `sequence`), then the later reads that cannot depend on what ran before them. Calls reading
 * route params are left to the runner: the router has not matched yet, and a POST sent with the wrong params
 * would be wasted.
 */
export function planFirstCalls(input: PlanInput): PlannedCall[] {
  const { doc, query, market, texts, stored = () => undefined } = input;
  const t = (key: string, args?: Record<string, unknown>) => copyText(texts, key, args, market) ?? key;
  const helpers = createHelpers({ t, stored, market: () => market });
  const scope = { state: doc.state ?? {}, query, params: {}, market };
  const planned = (action: ApiAction): PlannedCall => {
    const params = resolveTemplate(action.params ?? {}, scope, helpers, []) as Record<string, unknown>;
    return {
      key: callKey(action.endpoint, params, action.silent),
      endpoint: action.endpoint,
      params,
      silent: !!action.silent,
    };
  };
  // The path to the first call, flattened: what follows it in each enclosing list runs after it, in order.
  const after: Action[][] = [];
  const find = (actions: readonly Action[] | undefined): ApiAction | null | 'stop' => {
    const [a, ...rest] = actions ?? [];
    if (!a) return null;
    after.unshift(rest);
    if (a.action === 'api') return a;
    if (a.action === 'if') return find(evaluate(a.cond, scope, helpers).value ? a.then : (a.else ?? []));
    if (a.action === 'sequence') return find(a.actions);
    // Anything else (setState, storage, navigate, ...) may change what the call would send.
    return 'stop';
  };
  const first = find(doc.onLoad);
  if (!first || first === 'stop' || /\bparams\./.test(JSON.stringify(first.params ?? {}))) return [];
  const isRead = (name: string) => !!input.apiMap && endpointOf(input.apiMap, name)?.firstCall?.by === 'server';
  if (!isRead(first.endpoint) || !passes(first)) return [planned(first)];
  return [planned(first), ...laterReads(after.flat(), first, isRead).map(planned)];
}

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

/** Whether a plan can change from one request to the next with the same query (`onLoad` reads the clock). */
export const planReadsClock = (doc: ScreenDocument) => /\bnow\(/.test(JSON.stringify(doc.onLoad ?? []));
