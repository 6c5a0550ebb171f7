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

type ApiAction = Extract<Action, { action: 'api' }>;

/**
 * The first `api` action `onLoad` would run, as the runner would resolve it from the screen's initial state
 * (through `if` / `sequence`). Only the first: a later call may depend on the first one's result or must not
 * happen when it fails. Calls reading route params are left to the runner: the router has not matched yet,
 * and a POST sent with the wrong params would be wasted.
 */
export function planFirstCalls(input: PlanInput): PlannedCall[] {
  const { doc, query, market, texts, stored = () => undefined } = input;
  const t = (key: string, args?: Record<string, unknown>) => copyText(texts, key, args, market) ?? key;
  const helpers = createHelpers({ t, stored, market: () => market });
  const scope = { state: doc.state ?? {}, query, params: {}, market };
  const find = (actions: readonly Action[] | undefined): ApiAction | null | 'stop' => {
    for (const a of actions ?? []) {
      if (a.action === 'api') return a;
      if (a.action === 'if') return find(evaluate(a.cond, scope, helpers).value ? a.then : (a.else ?? []));
      if (a.action === 'sequence') return find(a.actions);
      // Anything else (setState, storage, navigate, ...) may change what the call would send.
      return 'stop';
    }
    return null;
  };
  const action = find(doc.onLoad);
  if (!action || action === 'stop' || /\bparams\./.test(JSON.stringify(action.params ?? {}))) return [];
  const params = resolveTemplate(action.params ?? {}, scope, helpers, []) as Record<string, unknown>;
  return [
    {
      key: callKey(action.endpoint, params, action.silent),
      endpoint: action.endpoint,
      params,
      silent: !!action.silent,
    },
  ];
}

/** Whether the plan can change from one request to the next with the same query (`onLoad` reads the clock). */
export const planReadsClock = (doc: ScreenDocument) => /\bnow\(/.test(JSON.stringify(doc.onLoad ?? []));
