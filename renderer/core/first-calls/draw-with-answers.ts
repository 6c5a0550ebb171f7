/**
 * Server-side: the screen's `onLoad` run against the answers the server fetched (read by
 * core/first-calls/server-answer.ts), so the page is drawn with the state those answers give. The runner claims
 * them from a claim table as the app's runner will; any other call or delay waits until the page is drawn, then
 * ends as a closed screen does. Config server only (through the core's index); it draws nothing, so needs no widgets.
 */
import { runActions } from '../actions/run-actions';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { createForms } from '../runtime/forms';
import { noDevice } from '../runtime/device';
import type { RuntimeServices } from '../runtime/services';
import { createStateStore } from '../runtime/state-store';
import { claiming, createClaimTable } from './claim-table';
import type { HandOff, ServerCall } from './hand-off';
import type { ScreenInput } from '../screen/screen-input';

/** Far more promise jobs than an onLoad's actions chain between two calls (each action takes a handful). */
const MICROTASK_FLUSHES = 500;
const CLOSED: ApiResult = { ok: false, code: undefined, message: 'screen closed', data: undefined };

/** What the run takes from the screen (core/screen/screen-input.ts): what drawing takes, less the state it yields. */
type OnLoadInput = Pick<ScreenInput, 'doc' | 'texts' | 'market' | 'query' | 'commonQueryNames' | 'logError'>;

/** The state the page is drawn with, once onLoad has taken the server's answers; null when it took none. */
export async function drawWithAnswers(input: OnLoadInput, answers: ServerCall[]): Promise<HandOff | null> {
  const table = createClaimTable();
  for (const a of answers) table.put(a.key, Promise.resolve(a.result));
  const controller = new AbortController();
  // Per page, not shared: ends when the page is drawn, so no runner outlives its request.
  const closed = new Promise<ApiResult>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve(CLOSED), { once: true }),
  );
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
    device: noDevice,
    signal: controller.signal,
    // Nothing is drawn here: the page is drawn afterwards with the state this run leaves.
    registry: {},
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
