/**
 * Which reported conversions count, once for both databases: an event counts for a release when the release's
 * experiment names its metric (goal or guardrail), the borrower was exposed to the release before the event, and the
 * event lies within the metric's window after that first exposure. Each release, metric, source and borrower counts
 * once: the store keeps one hit row for them and ignores the rest (a later event of the same borrower adds nothing).
 */
import { HOUR_MS, type ConversionEvent, type ConversionSource, type MetricWindows } from '../experiment-records.js';
import type { ReleaseExperiment } from '../release-records.js';

/** A borrower's exposure as read beside their events, with the experiment of its release (JSON, or null). */
export interface ExposureRead {
  release_id: string;
  device_id: string;
  arm: string;
  market: string;
  exposed_at: number | string;
  experiment: string | null;
}

export interface GoalHitRow {
  release_id: string;
  metric: string;
  source: ConversionSource;
  device_id: string;
  arm: string;
  market: string;
  at: number;
}

export interface CountConversionsInput {
  /** Events new to the store (already seen ids are left out by the store). */
  fresh: readonly ConversionEvent[];
  exposures: readonly ExposureRead[];
  windows: MetricWindows;
  source: ConversionSource;
}

/** The goal hits the fresh events make, the earliest event first for each release, metric and borrower. */
export function countConversions(p: CountConversionsInput): GoalHitRow[] {
  const byDevice = new Map<string, ExposureRead[]>();
  for (const e of p.exposures) byDevice.set(e.device_id, [...(byDevice.get(e.device_id) ?? []), e]);
  const names = new Map<string, Set<string>>();
  const metricsOf = (e: ExposureRead) => {
    let set = names.get(e.release_id);
    if (!set) {
      const x = e.experiment ? (JSON.parse(e.experiment) as ReleaseExperiment) : null;
      names.set(e.release_id, (set = new Set(x ? [...x.goals, ...x.guardrails] : [])));
    }
    return set;
  };
  const hits = new Map<string, GoalHitRow>();
  for (const ev of [...p.fresh].sort((a, b) => a.at - b.at)) {
    const hours = p.windows.get(ev.metric);
    if (hours === undefined) continue;
    for (const x of byDevice.get(ev.deviceId) ?? []) {
      const exposedAt = Number(x.exposed_at);
      if (!metricsOf(x).has(ev.metric) || !(exposedAt < ev.at) || ev.at > exposedAt + hours * HOUR_MS) continue;
      const key = `${x.release_id}\u0000${ev.metric}\u0000${ev.deviceId}`;
      if (!hits.has(key))
        hits.set(key, {
          release_id: x.release_id,
          metric: ev.metric,
          source: p.source,
          device_id: ev.deviceId,
          arm: x.arm,
          market: x.market,
          at: ev.at,
        });
    }
  }
  return [...hits.values()];
}
