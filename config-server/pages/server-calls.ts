/**
 * A screen's planned first calls as request data, by the app's own call rules (plan-first-calls.ts plans them):
 * what this server sends itself, and what the page sends early when it does not. One published version plans
 * them once per query (draw-page.ts `firstCallsOf`).
 */
import { createHash } from 'node:crypto';
import {
  endpointOf,
  httpCall,
  laterReadsOf,
  planFirstCalls,
  serverEndpoint,
  type EarlyCall,
  type HttpCall,
  type PlanInput,
  type PlannedCall,
  type ScreenInput,
} from '../../renderer/core/index.js';

/** What the server plans with: the screen's planning view and the API map its calls are made by. */
export type ServerPlanInput = PlanInput & Pick<ScreenInput, 'apiMap'>;

/** A planned call and the request that makes it. */
export interface MadeCall {
  planned: PlannedCall;
  call: HttpCall;
}

/** The screen's planned calls, as the server may send them itself and as the page would send the first early. */
export interface FirstCalls {
  /** Made here: the API map says the server makes it (`firstCall.by`) and it travels as text. */
  server?: MadeCall;
  /**
   * The later reads made here beside the first, at once (plan-later-reads.ts `laterReadsOf`): only when the first
   * is made here too, so the page is drawn with what both answers draw. Each answer the runner does not reach is
   * unused.
   */
  later: MadeCall[];
  /** Sent by the page when the server did not make the first call. */
  early?: EarlyCall;
}

export function serverCalls(input: ServerPlanInput): FirstCalls {
  const made = (planned: PlannedCall): MadeCall | null => {
    const ep = endpointOf(input.apiMap, planned.endpoint);
    const call = ep ? httpCall(input.apiMap, input.query, ep, planned.params) : null;
    return call && { planned, call };
  };
  const [first, ...rest] = planFirstCalls(input, laterReadsOf(input.apiMap));
  const head = first && made(first);
  if (!head) return { later: [] };
  const early = { ...head.call, key: first.key };
  if (!serverEndpoint(input.apiMap, first.endpoint)) return { later: [], early };
  // The planner picks only reads the server may make (plan-later-reads.ts).
  const later = rest.flatMap((p) => made(p) ?? []);
  return { server: head, later, early };
}

/**
 * Everything a borrower page depends on besides the published version (the cache is per snapshot): market,
 * screen, the whole page query (the token too: links carry it, and it names whose data this is), the origin the
 * borrower asked for where the page may frame that origin's pages ('' otherwise: a frame is drawn only for its own
 * origin, as the browser's location decides when it hydrates), and the calls sent and their answers' bytes, hashed (a
 * later read that got no answer as null). Two borrowers never share a page; one borrower shares it with their own
 * reload while the answers are unchanged.
 */
export function drawnKey(
  market: string,
  screenId: string,
  query: Record<string, string>,
  embedsOrigin: string,
  exchanges: { call: HttpCall; answer?: { status: number; text: string } }[],
): string {
  const hash = createHash('sha256');
  for (const { call, answer } of exchanges)
    hash
      .update(JSON.stringify([call.method, call.url, call.body ?? null, answer?.status ?? null]))
      .update(answer ? `${answer.text.length}:${answer.text}` : '-');
  return JSON.stringify([market, screenId, query, embedsOrigin, hash.digest('base64url')]);
}
