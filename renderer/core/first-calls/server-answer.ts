/**
 * The server's first reads, the React-free half: the backend's answer read exactly as the app's API client reads it
 * (call-rules.ts). Which calls the server may make is `serverEndpoint` (api/endpoint-of.ts); the onLoad run that
 * takes those answers is draw-with-answers.ts.
 */
import type { ScreenInput } from '../screen/screen-input';
import { endpointOf, readEnvelope, safeJson } from '../api/call-rules';
import type { ServerCall } from './hand-off';
import type { PlannedCall } from './plan-first-calls';

/** What reading an answer takes from the screen (core/screen/screen-input.ts): the map, copy and market it reads by. */
export type AnswerInput = Pick<ScreenInput, 'apiMap' | 'texts' | 'market' | 'logError'>;

/** The backend's answer read as the app's API client reads it; null unless it is a success. */
export function readServerAnswer(
  input: AnswerInput,
  call: PlannedCall,
  answer: { status: number; text: string },
): ServerCall | null {
  const ep = endpointOf(input.apiMap, call.endpoint);
  if (!ep) return null;
  const read = readEnvelope(input.apiMap, ep, safeJson(answer.text), (k) => input.texts[k] ?? k, {
    market: input.market,
    name: call.endpoint,
    warn: input.logError,
  });
  // Not a success: the app makes the call itself and shows what it says, as it does without a server render.
  if (read.kind !== 'ok') return null;
  return { endpoint: call.endpoint, key: call.key, result: { ...read.result, ok: true } };
}
