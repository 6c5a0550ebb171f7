/**
 * Which ETags a borrower's page is told of: for each changed cache key, the ETag the config API would serve
 * this borrower (their arm of every release in flight). A key no release touches, before or after the step, has one
 * ETag for everyone: then a market's `published` event is the same for all its pages and is built once (at 10,000
 * streams, building it per page cost most of the fan-out).
 */
import type { PublishedSnapshot } from '../published/snapshot.js';
import { borrowerParams, type QuerySource, type Who } from '../releases/borrower-params.js';
import type { LiveKey } from './change-log.js';

/** Whether a market's pages get a stream: its market document's `live` (default true). */
export function isLive(snap: PublishedSnapshot, market: string): boolean {
  const body = snap.bundle(market)?.body;
  if (!body) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { market?: { live?: unknown } }).market?.live !== false;
  } catch {
    return true;
  }
}

/** A borrower's ETag for a key in `snap`: their arm's, as the config API would serve it to the same query. */
export function etagFor(snap: PublishedSnapshot, k: LiveKey, query: QuerySource): string | undefined {
  let who: Who | undefined;
  const w = () => (who ??= borrowerParams(snap.arms!.names, query));
  if (k.kind === 'screen') return snap.screenFor(k.ref, w)?.etag;
  const [market, locale] = k.ref.split('|');
  return snap.bundleFor(market, locale || undefined, w)?.etag;
}

/** The current ETags of `keys` for one borrower (a resumed stream's catch-up); keys with none are left out. */
export function currentTags(snap: PublishedSnapshot, keys: Iterable<LiveKey>, query: QuerySource) {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const tag = etagFor(snap, k, query);
    if (tag) out[k.key] = tag;
  }
  return out;
}

/** The keys whose ETag changed for this borrower between two snapshots, with their new ETag (gone keys left out). */
export function changedTags(prev: PublishedSnapshot, next: PublishedSnapshot, keys: LiveKey[], query: QuerySource) {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const tag = etagFor(next, k, query);
    if (tag && tag !== etagFor(prev, k, query)) out[k.key] = tag;
  }
  return out;
}

const armed = (snap: PublishedSnapshot, k: LiveKey) => !!snap.arms?.relevant(k.kind, k.ref);

/** `changedTags` for every borrower at once, or `undefined` when a release in flight makes them differ by arm. */
export function sharedChangedTags(prev: PublishedSnapshot, next: PublishedSnapshot, keys: LiveKey[]) {
  if (keys.some((k) => armed(prev, k) || armed(next, k))) return undefined;
  // No key is in any release's arm, so no borrower's query is read.
  return changedTags(prev, next, keys, {});
}
