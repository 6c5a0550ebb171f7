/**
 * Reads' answers kept on the phone, so a screen seen before opens offline with its last data (marked with the time it
 * was fetched). Only reads are kept (an endpoint whose API map entry says `firstCall.by: server`: it changes nothing),
 * only for the borrower's identity they were fetched with (the API map's common params and headers from the page
 * query: token, device, market...),
 * and only for the market's `offline.keepAnswersHours` (at most a day). A call under another identity drops them all.
 * In localStorage, so it works the same without a service worker (an iOS webview).
 */
import type { ApiResult } from '../core/api/api-result';

const STORE = 'sdui:answers';
/** A screen or two of a few lists each: more is older than what a borrower goes back to. */
const MAX_ENTRIES = 40;

interface Kept {
  at: number;
  result: ApiResult;
}
interface Shelf {
  who: string;
  answers: Record<string, Kept>;
}

/** A call's address on the shelf: its endpoint and its own params (the identity is the shelf's). */
export const answerKey = (endpoint: string, params: Record<string, unknown>) =>
  `${endpoint} ${JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  )}`;

function readShelf(who: string): Shelf {
  try {
    const raw = localStorage.getItem(STORE);
    const shelf = raw ? (JSON.parse(raw) as Shelf) : null;
    if (shelf && shelf.who === who && shelf.answers && typeof shelf.answers === 'object') return shelf;
    // Another borrower or session (or nothing yet): what was kept for the last one goes.
    if (shelf) localStorage.removeItem(STORE);
  } catch {
    // Storage off or garbage: nothing kept.
  }
  return { who, answers: {} };
}

function dropShelf(): void {
  try {
    localStorage.removeItem(STORE);
  } catch {
    // Storage off: nothing was kept.
  }
}

function writeShelf(shelf: Shelf): void {
  try {
    localStorage.setItem(STORE, JSON.stringify(shelf));
  } catch {
    // Quota full or storage off: keeping answers is a comfort, not a requirement.
  }
}

export interface KeptAnswers {
  keep(key: string, result: ApiResult): void;
  /** The answer kept for this call and when it was fetched, if within `maxAgeMs`. */
  read(key: string): Kept | null;
}

/** The shelf of one identity (`who`: the page query the calls carry). `maxAgeMs` 0 keeps nothing. */
export function keptAnswers(who: Record<string, string>, maxAgeMs: number, now = () => Date.now()): KeptAnswers {
  const id = JSON.stringify(
    Object.keys(who)
      .sort()
      .map((k) => [k, who[k]]),
  );
  const fresh = (k: Kept) => now() - k.at <= maxAgeMs && k.at <= now();
  return {
    keep(key, result) {
      // The market keeps none (now): what was kept under a longer time goes too, not only unread.
      if (maxAgeMs <= 0) return dropShelf();
      const shelf = readShelf(id);
      const kept = Object.entries(shelf.answers).filter(([k, v]) => k !== key && fresh(v));
      kept.push([key, { at: now(), result }]);
      writeShelf({ who: id, answers: Object.fromEntries(kept.slice(-MAX_ENTRIES)) });
    },
    read(key) {
      const found = readShelf(id).answers[key];
      return found && fresh(found) ? found : null;
    },
  };
}
