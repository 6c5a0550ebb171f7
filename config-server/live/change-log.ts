/**
 * What changed between published snapshots, in the renderer's config cache keys (renderer/boot/config-client.ts):
 * `bundle:<market>` (the market's own text set), `bundle:<market>:<locale>` and `screen:<id>`. A key changed when its
 * body changed in any arm: the base's ETag, or a release in flight for it starting, moving, ending or changing its
 * candidate. Each replica keeps the changes of the generations it has seen, so a stream resumed here after a cut (from
 * this replica or another) gets what changed since its `Last-Event-ID`; an id older than this replica's memory gets
 * every key, which costs the page a few 304s and never a missed change.
 */
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { ArmKind } from '../releases/release-arms.js';

/** One cache key and the body it names in a snapshot (`ref`: `ID|`, `ID|en-IN` or a screen id). */
export interface LiveKey {
  key: string;
  kind: Extract<ArmKind, 'bundle' | 'screen'>;
  ref: string;
}

/** Changed keys of one market, screens included (screens are every market's). */
export type Changed = Map<string, LiveKey>;

/** Generations remembered (each holds only the keys that changed; a publish touches a handful). */
const KEEP = 512;

/** The key of a market's bundle: its own text set's (no locale), or `locale`'s. */
export const bundleLiveKey = (market: string, locale?: string): LiveKey => ({
  key: locale ? `bundle:${market}:${locale}` : `bundle:${market}`,
  kind: 'bundle',
  ref: `${market}|${locale ?? ''}`,
});

/** The keys of a snapshot: its markets' bundles, and its screens under `''` (every market's). */
export function keysOf(snap: PublishedSnapshot): Map<string, LiveKey[]> {
  const out = new Map<string, LiveKey[]>();
  for (const m of snap.markets) out.set(m, [bundleLiveKey(m), ...snap.locales.map((l) => bundleLiveKey(m, l))]);
  out.set(
    '',
    snap.screenIds().map((id) => ({ key: `screen:${id}`, kind: 'screen' as const, ref: id })),
  );
  return out;
}

/** Everything a body depends on in a snapshot, as one string: equal strings, the same body for every borrower. */
function fingerprint(snap: PublishedSnapshot, k: LiveKey): string {
  const base = snap.baseEntry(k.kind, k.ref)?.etag ?? '-';
  const arms = snap.arms;
  const rel = arms ? arms.relevant(k.kind, k.ref) : 0;
  if (!arms || !rel) return base;
  const parts = [base];
  for (const a of arms.list) {
    if (!(rel & a.bit)) continue;
    const r = snap.releases.find((x) => x.id === a.id);
    parts.push(`${a.id}:${r?.percent}:${r?.updatedAt}:${arms.entry(k.kind, k.ref, a.bit)?.etag ?? '-'}`);
  }
  return parts.join(' ');
}

function fingerprints(snap: PublishedSnapshot): Map<string, { k: LiveKey; market: string; fp: string }> {
  const out = new Map<string, { k: LiveKey; market: string; fp: string }>();
  for (const [market, keys] of keysOf(snap))
    for (const k of keys) out.set(k.key, { k, market, fp: fingerprint(snap, k) });
  return out;
}

interface Step {
  from: number;
  to: number;
  /** Changed keys by market (`''`: screens). */
  changed: Map<string, LiveKey[]>;
}

export class ChangeLog {
  private prints: ReturnType<typeof fingerprints>;
  private readonly steps: Step[] = [];
  /** The oldest generation whose later changes are all known here. */
  private oldest: number;

  constructor(first: PublishedSnapshot) {
    this.prints = fingerprints(first);
    this.oldest = first.generation;
  }

  /** Records the step to `next`; returns what changed, by market (`''`: screens). */
  add(prev: PublishedSnapshot, next: PublishedSnapshot): Map<string, LiveKey[]> {
    const now = fingerprints(next);
    const changed = new Map<string, LiveKey[]>();
    const note = (market: string, k: LiveKey) => {
      const list = changed.get(market);
      if (list) list.push(k);
      else changed.set(market, [k]);
    };
    for (const [key, n] of now) if (this.prints.get(key)?.fp !== n.fp) note(n.market, n.k);
    // A key gone (a screen unpublished, a locale dropped) is announced too: the page's re-fetch then learns it is gone.
    for (const [key, p] of this.prints) if (!now.has(key)) note(p.market, p.k);
    this.prints = now;
    this.steps.push({ from: prev.generation, to: next.generation, changed });
    if (this.steps.length > KEEP) this.oldest = this.steps.shift()!.to;
    return changed;
  }

  /**
   * The keys of `market` that changed after generation `since`: `undefined` when this replica cannot tell (the id is
   * older than what it remembers), and the caller sends every key.
   */
  since(market: string, since: number): Changed | undefined {
    if (since < this.oldest) return undefined;
    const out: Changed = new Map();
    for (const s of this.steps) {
      if (s.to <= since) continue;
      for (const m of [market, '']) for (const k of s.changed.get(m) ?? []) out.set(k.key, k);
    }
    return out;
  }
}
