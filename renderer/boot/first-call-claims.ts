/**
 * The first screen's claim table in the browser, fed by whichever route carried each planned call: the
 * server's answer (hand-off `calls`), the page's early fetch (hand-off `early`), or the app sending it now.
 */
import type { AppApiClient, RawAnswer } from '../api/api-client';
import { createClaimTable, type ClaimTable } from '../core/first-calls/claim-table';
import type { HandOff } from '../core/first-calls/hand-off';
import type { PlannedCall } from '../core/first-calls/plan-first-calls';

export interface FirstCallSources {
  /** The app's own plan for the screen (plan-first-calls.ts). */
  plan: PlannedCall[];
  handOff: HandOff | null;
  /** The answer of the page's early fetch (public/early-call.js), when it sent one. */
  early?: Promise<RawAnswer>;
  api: AppApiClient;
  /** The page was kept on the phone: its answers are not new, so they are not kept again as if just fetched. */
  keptPage?: boolean;
}

export function firstCallClaims({ plan, handOff, early, api, keptPage }: FirstCallSources): ClaimTable {
  const table = createClaimTable();
  for (const c of handOff?.calls ?? []) table.put(c.key, Promise.resolve(c.result));
  for (const call of plan) {
    if (table.has(call.key)) {
      // The server's answer, kept like the app's own so this screen opens offline with it (api/kept-answers.ts).
      const served = handOff?.calls.find((c) => c.key === call.key);
      if (served && !keptPage) api.keep(call.endpoint, call.params, served.result);
      continue;
    }
    // The early fetch is claimed only as the call this app planned too: same key, same endpoint and params.
    const sentEarly = early && handOff?.early?.key === call.key;
    table.put(
      call.key,
      sentEarly
        ? api.answer(call.endpoint, early, { silent: call.silent, params: call.params })
        : api.call(call.endpoint, call.params, { silent: call.silent }),
    );
  }
  return table;
}
