/** Ticketed views counting for their releases (telemetry-records.ts): which count, and what each adds. */
import { admitView, type AddressUse, type TelemetryBatch, type TicketedViews } from '../telemetry-records.js';

export interface ClaimViewsInput {
  ticketed: TicketedViews;
  /** The view ids this beacon claimed first (across replicas): only those count. */
  fresh: ReadonlySet<string>;
  /** What the address had counted per release before (absent: nothing yet). */
  used: ReadonlyMap<string, AddressUse>;
}

/** The releases the fresh views count for, in order (the rows to read and lock before deciding). */
export function releasesOfFresh(t: TicketedViews, fresh: ReadonlySet<string>): string[] {
  return [...new Set(t.views.filter((v) => fresh.has(v.view)).flatMap((v) => v.releases.map((r) => r.release)))].sort();
}

/**
 * Each fresh view counts once, within its address's caps (admitView); a view id twice in one beacon counts once.
 * Answers the counts to add and, per release, what the address has counted afterwards.
 */
export function claimViews({ ticketed: t, fresh, used: before }: ClaimViewsInput): {
  batch: TelemetryBatch;
  used: Map<string, AddressUse>;
} {
  const batch: TelemetryBatch = { counts: [], bins: [] };
  const used = new Map<string, AddressUse>();
  const seen = new Set<string>();
  for (const v of t.views) {
    if (!fresh.has(v.view) || seen.has(v.view)) continue;
    seen.add(v.view);
    for (const r of v.releases) {
      let u = used.get(r.release);
      if (!u) used.set(r.release, (u = { ...(before.get(r.release) ?? { views: 0, errors: 0 }) }));
      admitView(r, u, t.cap, batch);
    }
  }
  return { batch, used };
}
