/**
 * The `release` events of one published step: releases that started or moved between two snapshots, and
 * those that ended. An ended release's status is read from the store, since the snapshot only holds rolling ones.
 */
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { ConfigStore } from '../store/config-store.js';
import type { StoredRelease } from '../store/release-records.js';
import { keysOf } from './change-log.js';

export interface ReleaseEvent {
  id: string;
  status: 'rolling' | 'complete' | 'rolled-back';
  percent: number;
}

export type ReleaseReader = Pick<ConfigStore['releases'], 'getRelease'>;

/**
 * Whether release `id` is in flight in `snap` for a body the pages of `market` are told of: its bundles or a screen.
 * Another market's release (its market document, say) changes nothing those pages get, so they are not told of it.
 */
export function releaseReaches(snap: PublishedSnapshot, id: string, market: string): boolean {
  const arms = snap.arms;
  const a = arms?.list.find((x) => x.id === id);
  if (!arms || !a) return false;
  const keys = keysOf(snap);
  return [...(keys.get(market) ?? []), ...(keys.get('') ?? [])].some((k) => arms.relevant(k.kind, k.ref) & a.bit);
}

export async function releaseEvents(
  prev: PublishedSnapshot,
  next: PublishedSnapshot,
  releases: ReleaseReader,
): Promise<ReleaseEvent[]> {
  const rolling = (s: PublishedSnapshot) =>
    new Map(s.releases.filter((r) => r.status === 'rolling').map((r) => [r.id, r]));
  const before = rolling(prev);
  const after = rolling(next);
  const out: ReleaseEvent[] = [];
  for (const r of after.values())
    if (before.get(r.id)?.percent !== r.percent) out.push({ id: r.id, status: 'rolling', percent: r.percent });
  for (const r of before.values()) {
    if (after.has(r.id)) continue;
    const now: StoredRelease | undefined = await releases.getRelease(r.id).catch(() => undefined);
    // Ended at its endAt: everyone is back on the base, as after a rollback.
    const status = now?.status === 'complete' ? 'complete' : 'rolled-back';
    out.push({ id: r.id, status, percent: now?.percent ?? r.percent });
  }
  return out;
}
