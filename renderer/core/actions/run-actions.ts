import type { Action } from '../../../schemas/generated/types';
import type { ActionContext, ActionOutcome, Scope } from '../runtime/contract';
import { createRuntime } from '../runtime/create-runtime';
import type { RuntimeServices } from '../runtime/services';
import { handlers } from './registry';

type Chained = { onSuccess?: Action[]; onError?: Action[] };

/**
 * Runs actions in order. Each action sees the previous action's `result`; an action's own
 * `onSuccess` list sees its result, `onError` sees `error`. A failure stops the list.
 */
export async function runActions(
  actions: Action[] | undefined,
  services: RuntimeServices,
  extra: Partial<Scope> = {},
): Promise<ActionOutcome> {
  let scope: Partial<Scope> = { ...extra };
  let last: ActionOutcome = { ok: true, result: extra.result };
  for (const action of actions ?? []) {
    if (services.signal.aborted) return { ok: false, error: { message: 'screen closed' } };
    const ctx: ActionContext = {
      runtime: createRuntime(services, runActions, scope),
      signal: services.signal,
      navigate: services.navigate,
      back: services.back,
      openExternal: services.openExternal,
      storage: services.device.storage,
      device: services.device,
    };
    const handler = (handlers as Record<string, (a: Action, c: ActionContext) => Promise<ActionOutcome>>)[
      action?.action
    ];
    let outcome: ActionOutcome;
    if (!handler) {
      services.logError(`unknown action "${String(action?.action)}"`, action);
      outcome = { ok: false, error: { message: `unknown action ${String(action?.action)}` } };
    } else {
      try {
        outcome = await handler(action, ctx);
      } catch (e) {
        services.logError(`action "${action.action}" failed: ${(e as Error)?.message ?? e}`, action);
        outcome = { ok: false, error: { message: (e as Error)?.message ?? String(e) } };
      }
    }
    const chained = action as Chained;
    if (!outcome.ok) {
      if (chained.onError?.length && !services.signal.aborted && !outcome.stale)
        await runActions(chained.onError, services, { ...scope, error: outcome.error });
      return outcome;
    }
    if (outcome.result !== undefined) scope = { ...scope, result: outcome.result };
    if (chained.onSuccess?.length) {
      const after = await runActions(chained.onSuccess, services, scope);
      if (!after.ok) return after;
    }
    last = { ok: true, result: scope.result };
  }
  return last;
}
