import type { ApiMapDocument, BridgeMapDocument, MarketDocument, RouteMapDocument, ScreenDocument, TextSetDocument } from '../../schemas/generated/types';

/** `GET /config/v1/bundle` and the inlined boot data's `bundle`. */
export interface BootBundle {
  market: MarketDocument;
  textSet: TextSetDocument;
  routeMap: RouteMapDocument;
  apiMap: ApiMapDocument;
  bridgeMap: BridgeMapDocument;
}

/** `<script type="application/json" id="sdui-boot">` written by the config server. */
export interface BootData {
  /** Null on a page the server drew: `bundleEtag` names the version it drew with, which the page preloads. */
  bundle: BootBundle | null;
  bundleEtag: string | null;
  screen: ScreenDocument | null;
  screenEtag: string | null;
  /** `X-Config-Release` of the page (releases in flight for its bundle or screen, and this borrower's arm of each). */
  release?: string;
  /** The same for the bundle alone: what every screen of this page load shares. */
  bundleRelease?: string;
}

/** Cheap shape check before anything is used; full schema validation follows lazily. */
export function looksLikeBundle(v: unknown): v is BootBundle {
  const b = v as BootBundle;
  return (
    !!b &&
    typeof b === 'object' &&
    Array.isArray(b.routeMap?.routes) &&
    !!b.textSet?.texts &&
    typeof b.textSet.texts === 'object' &&
    !!b.apiMap?.endpoints &&
    Array.isArray(b.apiMap.commonParams) &&
    !!b.bridgeMap?.messages &&
    !!b.market &&
    typeof b.market === 'object'
  );
}

export function looksLikeScreen(v: unknown): v is ScreenDocument {
  const s = v as ScreenDocument;
  return !!s && typeof s === 'object' && s.kind === 'screen' && typeof s.id === 'string' && Array.isArray(s.body);
}

/** Reads the inlined boot data; absent or unreadable → null (the app fetches instead). */
export function readBootData(doc: Document = document): BootData | null {
  const el = doc.getElementById('sdui-boot');
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as BootData;
    return data && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}

/** What the server fetched and drew for the page (`<script type="application/json" id="sdui-ssr">`). */
export interface ServerDrawnData {
  /** The state the server drew the screen with (absent: the document's initial state). */
  state?: Record<string, unknown>;
  calls: { endpoint: string; key: string; result: { ok: true; code: unknown; message: string; data: unknown } }[];
  /** The first call the page itself started while the bundle downloaded (public/early-call.js). */
  early?: { url: string; method: string; body?: string };
  /** State entries sent once, as a call's answer: state key → index in `calls` (its `result.data`). */
  stateFromCalls?: Record<string, number>;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Reads the server's data for the page; absent or malformed → null (the app calls as usual). */
export function readServerData(doc: Document = document): ServerDrawnData | null {
  const el = doc.getElementById('sdui-ssr');
  if (!el?.textContent) return null;
  try {
    const d = JSON.parse(el.textContent) as ServerDrawnData;
    const ok =
      !!d && (d.state === undefined || (typeof d.state === 'object' && d.state !== null)) && Array.isArray(d.calls) &&
      (d.early === undefined || (typeof d.early?.url === 'string' && typeof d.early.method === 'string')) &&
      d.calls.every((c) => c && typeof c.key === 'string' && typeof c.endpoint === 'string' && c.result?.ok === true);
    if (!ok) return null;
    const refs = d.stateFromCalls;
    if (refs !== undefined) {
      if (!refs || typeof refs !== 'object' || !d.state) return null;
      const state = { ...d.state };
      for (const [k, i] of Object.entries(refs)) {
        if (FORBIDDEN.has(k) || typeof i !== 'number' || !d.calls[i]) return null;
        state[k] = d.calls[i].result.data;
      }
      return { ...d, state, stateFromCalls: undefined };
    }
    return d;
  } catch {
    return null;
  }
}
