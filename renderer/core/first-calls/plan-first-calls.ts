/**
 * The one reader of a screen's `onLoad` for its first data: which calls the first render needs, keyed, worked
 * out from the screen, the page query and the bundle before anything runs. The server makes them (or hands
 * them to the page to send early), the app sends what is left; all of them land in one claim table.
 */
import type { Action, ScreenDocument } from '../../../schemas/generated/types';
import { createHelpers, evaluate, resolveTemplate } from '../expressions';
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
 * bundle's texts unchecked, and a value that is not a string plans as its key, as `t()` draws it.
 */
export type PlanInput = Pick<ScreenInput, 'doc' | 'query' | 'market' | 'stored'> & {
  texts: Readonly<Record<string, unknown>>;
};

export type ApiAction = Extract<Action, { action: 'api' }>;

/**
 * Picks, from the steps that run after the first call, the later calls planned beside it (plan-later-reads.ts). Only
 * the server plans them: the app claims their answers from the hand-off by key, and sends them itself when onLoad gets
 * there, so the first load carries none of this.
 */
export type LaterCalls = (first: ApiAction, after: readonly Action[]) => ApiAction[];

/**
 * The first `api` action `onLoad` would run, as the runner would resolve it from the screen's initial state
 * (through `if` / `sequence`), then the later calls `later` picks (none without it). Calls reading
 * route params are left to the runner: the router has not matched yet, and a POST sent with the wrong params
 * would be wasted.
 */
export function planFirstCalls(input: PlanInput, later?: LaterCalls): PlannedCall[] {
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
  return [planned(first), ...(later?.(first, after.flat()) ?? []).map(planned)];
}

/** Whether a plan can change from one request to the next with the same query (`onLoad` reads the clock). */
export const planReadsClock = (doc: ScreenDocument) => /\bnow\(/.test(JSON.stringify(doc.onLoad ?? []));
