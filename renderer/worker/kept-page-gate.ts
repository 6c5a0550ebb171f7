/**
 * The page's side of a repeat visit painted from the phone (kept-pages.ts is the worker's). A kept page's figures are
 * the phone's until the server's drawn page of the same navigation confirms them: the app asks for it at once, and
 * until it is confirmed nothing that sends leaves (api-client.ts waits here); a changed page is replaced, a confirmed
 * one is kept again. A page the network drew is kept as soon as the worker can (`pageToKeep`).
 * In the app's own chunk (a few hundred bytes): the comparison is a chunk of its own, loaded on a kept page only.
 */
import { KEPT_META } from './kept-meta';
import type { KeptVerdict } from './worker-protocol';
import { HAND_OFF_ID } from '../core/first-calls/hand-off';
import { BOOT_DATA_ID } from '../boot/boot-types';

/** The drawn page's data elements: its boot data (versions, release) and its hand-off (answers). */
const PAGE_DATA = [BOOT_DATA_ID, HAND_OFF_ID];

export type { KeptVerdict };

type Log = (message: string, detail?: unknown) => void;

/** When the page on show was drawn, if the worker answered it from the phone (epoch ms); null for the network's. */
export function keptPageAt(doc: Document = document): number | null {
  const at = Number(doc.querySelector(`meta[name="${KEPT_META}"]`)?.getAttribute('content'));
  return Number.isFinite(at) && at > 0 ? at : null;
}

let confirm: (() => Promise<KeptVerdict>) | null = null;
let keep: Promise<string | null> | null = null;

/** While a kept page is unconfirmed: the check a call that sends waits for (it asks the server again if need be). */
export const keptPageGate = () => confirm;

/** The URL of the page the worker is to keep, once it may (never for a kept page the server did not confirm). */
export const pageToKeep = (): Promise<string | null> => keep ?? Promise.resolve(null);

const pageUrl = () => window.location.href.split('#')[0];

/** A drawn page the network answered: the worker may keep it as it is. */
export function networkDrawnPage(): void {
  keep = Promise.resolve(pageUrl());
}

/** A kept page on show: ask the server at once; `confirm` asks again after an unavailable answer. */
export function watchKeptPage(at: number, log: Log): void {
  const url = pageUrl();
  // What the page showed, as the worker answered it: its boot data and hand-off, taken before the app runs on.
  const texts = new Map(PAGE_DATA.map((id) => [id, document.getElementById(id)?.textContent ?? null]));
  const page = { getElementById: (id: string) => (texts.get(id) != null ? { textContent: texts.get(id)! } : null) };
  const shown = import('./confirm-kept-page').then((m) => ({ m, shown: m.pageFingerprint(page) }));
  let asked: Promise<KeptVerdict> | null = null;
  let settle!: (url: string | null) => void;
  keep = new Promise((r) => (settle = r));
  const ask = (): Promise<KeptVerdict> =>
    (asked ??= shown
      .then(({ m, shown }) => m.confirmKeptPage(url, shown, at, log))
      .catch((e: unknown) => {
        log(`kept page: could not be confirmed: ${(e as Error)?.message ?? e}`);
        return 'unavailable' as const;
      })
      .then((verdict) => {
        if (verdict === 'unavailable') asked = null;
        else confirm = null;
        if (verdict !== 'unavailable') settle(verdict === 'fresh' ? url : null);
        return verdict;
      }));
  confirm = ask;
  void ask();
}
