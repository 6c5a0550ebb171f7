/**
 * What the server hands the page about its first calls, in one format: written once by the config server
 * (`writeHandOff`), read once by the app (`readHandOff`). `public/early-call.js` reads only `early`, by the
 * same element id (a classic script cannot import this module; hand-off.test.ts checks the two agree).
 */
import type { ApiResult } from '../api/api-result';
import type { HttpCall } from '../api/http-call';

/** The `<script type="application/json">` element holding the hand-off. */
export const HAND_OFF_ID = 'sdui-ssr';

/** A call the server made and the page was drawn with. */
export interface ServerCall {
  endpoint: string;
  key: string;
  result: ApiResult & { ok: true };
}

/** A planned call the server did not make: the page sends it itself while the bundle downloads. */
export interface EarlyCall extends HttpCall {
  key: string;
}

export interface HandOff {
  /** The screen's state once its onLoad ran against the server's answers (absent: the document's initial state). */
  state?: Record<string, unknown>;
  calls: ServerCall[];
  early?: EarlyCall;
}

/** The hand-off as sent: a state entry that is a call's answer as it came is sent once, in the call. */
type Wire = HandOff & { stateFromCalls?: Record<string, number> };

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators JS would choke on. */
export const scriptSafe = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A list's 200 items under `resultTo` would otherwise travel twice: in the call and in the state. */
export function compactHandOff(d: HandOff): Wire {
  if (!d.state || !d.calls.length) return d;
  const answers = d.calls.map((c) => JSON.stringify(c.result.data));
  const state: Record<string, unknown> = {};
  const stateFromCalls: Record<string, number> = {};
  for (const [k, v] of Object.entries(d.state)) {
    const i = v !== null && typeof v === 'object' ? answers.indexOf(JSON.stringify(v)) : -1;
    if (i >= 0) stateFromCalls[k] = i;
    else state[k] = v;
  }
  return Object.keys(stateFromCalls).length ? { ...d, state, stateFromCalls } : d;
}

/** The page's hand-off elements; with an early call, the tiny script that sends it. */
export function writeHandOff(d: HandOff): string {
  const json = `<script type="application/json" id="${HAND_OFF_ID}">${scriptSafe(JSON.stringify(compactHandOff(d)))}</script>`;
  return d.early ? `${json}<script src="/early-call.js"></script>` : json;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/** Where the hand-off is read from: the page's document in the browser (passed in: the core has no DOM). */
export interface HandOffPage {
  getElementById(id: string): { textContent: string | null } | null;
}

/** The page's hand-off; absent or malformed → null (the app makes its calls as usual). */
export function readHandOff(page: HandOffPage): HandOff | null {
  const text = page.getElementById(HAND_OFF_ID)?.textContent;
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Wire;
    const ok =
      isObject(d) &&
      (d.state === undefined || isObject(d.state)) &&
      Array.isArray(d.calls) &&
      (d.early === undefined || (typeof d.early?.key === 'string' && typeof d.early.url === 'string')) &&
      d.calls.every((c) => c && typeof c.key === 'string' && typeof c.endpoint === 'string' && c.result?.ok === true);
    if (!ok) return null;
    const { stateFromCalls: refs, ...rest } = d;
    if (refs === undefined) return rest;
    if (!isObject(refs) || !d.state) return null;
    const state = { ...d.state };
    for (const [k, i] of Object.entries(refs)) {
      if (FORBIDDEN.has(k) || typeof i !== 'number' || !d.calls[i]) return null;
      state[k] = d.calls[i].result.data;
    }
    return { ...rest, state };
  } catch {
    return null;
  }
}
