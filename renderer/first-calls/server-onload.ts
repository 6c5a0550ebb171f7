/**
 * Server-side: the screen's `onLoad` run against the answers the server fetched, so the page is drawn with
 * the state those answers give. The runner claims them from a claim table as the app's runner will; any
 * other call or delay waits until the page is drawn, then ends as a closed screen does. Config server only.
 */
import type { ApiMapDocument, Endpoint, ScreenDocument } from '../../schemas/generated/types';
import { runActions } from '../actions/run-actions';
import { endpointOf, readEnvelope, safeJson } from '../api/call-rules';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { registry } from '../nodes/registry';
import { createForms } from '../runtime/forms';
import type { RuntimeServices } from '../runtime/services';
import { createStateStore } from '../runtime/state-store';
import { claiming, createClaimTable } from './claim-table';
import type { HandOff, ServerCall } from './hand-off';
import type { PlannedCall } from './plan-first-calls';

export interface ServerScreen {
  doc: ScreenDocument;
  apiMap: ApiMapDocument;
  market: Record<string, unknown>;
  texts: Record<string, string>;
  query: Record<string, string>;
  commonQueryNames: string[];
  logError(message: string, detail?: unknown): void;
}

/**
 * A planned call the API map lets the server make (`firstCall.by: "server"`, a read that changes nothing);
 * undefined otherwise. Anything else, a map published before `firstCall` existed included, stays in the browser.
 */
export function serverEndpoint(apiMap: ApiMapDocument, call: PlannedCall): Endpoint | undefined {
  const ep = endpointOf(apiMap, call.endpoint);
  return ep?.firstCall?.by === 'server' ? ep : undefined;
}

/** The backend's answer read as the app's API client reads it; null unless it is a success. */
export function readServerAnswer(input: ServerScreen, call: PlannedCall, answer: { status: number; text: string }): ServerCall | null {
  const ep = endpointOf(input.apiMap, call.endpoint);
  if (!ep) return null;
  const read = readEnvelope(input.apiMap, ep, safeJson(answer.text), (k) => input.texts[k] ?? k, { market: input.market, name: call.endpoint, warn: input.logError });
  // Not a success: the app makes the call itself and shows what it says, as it does without a server render.
  if (read.kind !== 'ok') return null;
  return { endpoint: call.endpoint, key: call.key, result: { ...read.result, ok: true } };
}

/** Far more promise jobs than an onLoad's actions chain between two calls (each action takes a handful). */
const MICROTASK_FLUSHES = 500;
const CLOSED: ApiResult = { ok: false, code: undefined, message: 'screen closed', data: undefined };

/** The state the page is drawn with, once onLoad has taken the server's answers; null when it took none. */
export async function drawWithAnswers(input: ServerScreen, answers: ServerCall[]): Promise<HandOff | null> {
  const table = createClaimTable();
  for (const a of answers) table.put(a.key, Promise.resolve(a.result));
  const controller = new AbortController();
  // Per page, not shared: ends when the page is drawn, so no runner outlives its request.
  const closed = new Promise<ApiResult>((resolve) => controller.signal.addEventListener('abort', () => resolve(CLOSED), { once: true }));
  const services: RuntimeServices = {
    store: createStateStore(input.doc.state ?? {}),
    texts: input.texts,
    market: input.market,
    query: input.query,
    params: {},
    commonQueryNames: input.commonQueryNames,
    hashRouting: false,
    api: claiming({ call: () => closed, upload: () => closed, url: () => '' } satisfies ApiClient, table),
    bridge: { send: () => {} },
    forms: createForms(),
    toast: () => {},
    navigate: () => {},
    back: () => {},
    openExternal: () => {},
    logError: (m, d) => input.logError(`screen ${input.doc.id} (server onLoad): ${m}`, d),
    signal: controller.signal,
    registry,
  };
  let done = false;
  void runActions(input.doc.onLoad, services).finally(() => (done = true));
  // The runner applies an answer through promise jobs only (api → setState → if → ...): flushing the
  // microtask queue is enough, and never waits behind other requests' I/O as an event-loop turn would.
  for (let i = 0; i < MICROTASK_FLUSHES && !done; i++) await Promise.resolve();
  const state = services.store.getSnapshot();
  controller.abort();
  const taken = answers.filter((a) => !table.has(a.key));
  return taken.length ? { state, calls: taken } : null;
}
