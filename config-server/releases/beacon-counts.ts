/**
 * What a beacon adds to the counts (issues 36 and 44), decided against the published snapshot: only what is published
 * can be counted, so a stream of made-up screens, endpoints or releases can neither grow the tables nor move a
 * release's figures. A screen that is not published counts nothing; an endpoint the API maps do not name counts under
 * `apiFailures:(other)`.
 *
 * A release's figures come only from views the server handed out: a screen entry whose view ticket (view-ticket.ts) is
 * valid, names that screen and a release still in flight counts for the ticket's releases and arms, as one page view
 * with at most MAX_ERRORS_PER_VIEW errors, one LCP and one INP, whatever the body claims. Whether it counts at all is
 * the store's to say (once per view id across replicas, within its address's caps). Anything else (no ticket, forged,
 * expired, another screen) counts only for the screen's own figures (release ''), which no guard reads.
 */
import type { Beacon, BeaconScreen } from '../../schemas/generated/types.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import {
  API_FAILURES,
  SERVER_API_FAILURES,
  type CountRow,
  type TelemetryBatch,
  type TicketedView,
  type ViewRelease,
} from '../store/telemetry-records.js';
import { COUNT_METRICS, ERROR_METRICS, TIMING_METRICS, type CountMetric } from '../../schemas/release-metrics.js';
import { armsOfLabel } from './release-arms.js';
import { binOf } from './timing-bins.js';
import type { ViewTickets } from './view-ticket.js';

/** Errors (render errors plus API failures) one view counts at most: a page cannot fail more than this in earnest. */
export const MAX_ERRORS_PER_VIEW = 20;
/** Unknown nodes and expression warnings one view counts at most, each. */
const MAX_OTHERS_PER_VIEW = 20;

/** Where failures of an endpoint no API map names are counted. */
export const OTHER_ENDPOINT = '(other)';

interface Known {
  endpoints: Set<string>;
  inFlight: Set<string>;
}

const known = new WeakMap<PublishedSnapshot, Known>();

const endpointsOf = (apiMap: unknown): string[] => {
  const eps = (apiMap as { endpoints?: unknown } | null | undefined)?.endpoints;
  return eps && typeof eps === 'object' ? Object.keys(eps) : [];
};

/** The endpoints and releases a snapshot knows, worked out once per snapshot. */
function knownOf(snap: PublishedSnapshot): Known {
  let k = known.get(snap);
  if (!k) {
    const endpoints = new Set<string>();
    const body = snap.markets.length ? snap.bundle(snap.markets[0])?.body : undefined;
    if (body)
      for (const e of endpointsOf((JSON.parse(body.toString('utf8')) as { apiMap?: unknown }).apiMap)) endpoints.add(e);
    const rolling = snap.releases.filter((r) => r.status === 'rolling');
    // A candidate API map may name an endpoint the base does not: its failures are the candidate's to answer for.
    for (const r of rolling)
      for (const d of r.documents) if (d.kind === 'api-map') for (const e of endpointsOf(d.content)) endpoints.add(e);
    known.set(snap, (k = { endpoints, inFlight: new Set(rolling.map((r) => r.id)) }));
  }
  return k;
}

/** The beacon's count metrics that are not errors or page views (capped per view), and its error counts. */
const OTHER_COUNTS = COUNT_METRICS.filter((m) => m !== 'pageViews' && !ERROR_METRICS.includes(m));

/** A ticketed view's figures as the server takes them: one page view, errors capped, the first timing of each only. */
function oneView(s: BeaconScreen, k: Known): Omit<ViewRelease, 'release' | 'arm'> {
  const errors: ViewRelease['errors'] = [];
  let left = MAX_ERRORS_PER_VIEW;
  const take = (metric: string, n: number | undefined) => {
    const m = Math.min(n ?? 0, left);
    if (m <= 0) return;
    left -= m;
    const had = errors.find((e) => e.metric === metric);
    if (had) had.n += m;
    else errors.push({ metric, n: m });
  };
  // In the catalog's order: the errors listed first give way to the cap last.
  for (const metric of ERROR_METRICS) {
    if (metric === 'apiFailures')
      for (const [endpoint, n] of Object.entries(s.apiFailures ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))
        take(API_FAILURES + (k.endpoints.has(endpoint) ? endpoint : OTHER_ENDPOINT), n);
    else take(metric, s[metric as CountMetric]);
  }
  const others = OTHER_COUNTS.flatMap((metric) =>
    s[metric] ? [{ metric, n: Math.min(s[metric], MAX_OTHERS_PER_VIEW) }] : [],
  );
  const bins = TIMING_METRICS.flatMap((metric) => (s[metric]?.length ? [{ metric, bin: binOf(s[metric][0]) }] : []));
  return { screen: s.screen, errors, others, bins };
}

/** The rows of the screen's own figures (release '') as the body claims them: nothing a guard reads. */
function ownRows(s: BeaconScreen, k: Known, out: TelemetryBatch) {
  const row = (metric: string, n: number | undefined) => {
    if (n) out.counts.push({ release: '', arm: '', screen: s.screen, metric, n });
  };
  for (const metric of COUNT_METRICS) row(metric, s[metric]);
  for (const [endpoint, n] of Object.entries(s.apiFailures ?? {}))
    row(API_FAILURES + (k.endpoints.has(endpoint) ? endpoint : OTHER_ENDPOINT), n);
  for (const metric of TIMING_METRICS) {
    for (const ms of s[metric] ?? [])
      out.bins.push({ release: '', arm: '', screen: s.screen, metric, bin: binOf(ms), n: 1 });
  }
}

/** What a beacon adds: the screens' own figures now, and the ticketed views the store decides on. */
export interface BeaconCounts {
  batch: TelemetryBatch;
  views: TicketedView[];
}

/** What a (schema-valid) beacon adds, given what `snap` publishes and the tickets the server signs. */
export function beaconCounts(beacon: Beacon, snap: PublishedSnapshot, tickets: ViewTickets): BeaconCounts {
  const out: BeaconCounts = { batch: { counts: [], bins: [] }, views: [] };
  if (!snap.markets.includes(beacon.market)) return out;
  const k = knownOf(snap);
  for (const s of beacon.screens) {
    if (!snap.screen(s.screen)) continue;
    const t = s.ticket === undefined ? undefined : tickets.verify(s.ticket);
    const releases = t && t.screen === s.screen ? t.releases.filter((r) => k.inFlight.has(r.id)) : [];
    if (!t || !releases.length) {
      ownRows(s, k, out.batch);
      continue;
    }
    const view = oneView(s, k);
    // The screen's own figures get the same single view (a replayed ticket is as untrusted there as no ticket).
    ownRows(
      { screen: s.screen, pageViews: 1, ...Object.fromEntries(view.others.map((o) => [o.metric, o.n])) },
      k,
      out.batch,
    );
    for (const e of view.errors)
      out.batch.counts.push({ release: '', arm: '', screen: s.screen, metric: e.metric, n: e.n });
    for (const b of view.bins)
      out.batch.bins.push({ release: '', arm: '', screen: s.screen, metric: b.metric, bin: b.bin, n: 1 });
    out.views.push({
      view: t.view,
      expiresAt: t.exp,
      releases: releases.map((r) => ({ ...view, release: r.id, arm: r.arm })),
    });
  }
  return out;
}

/** The rows of one failed server prefetch: the screen's own figures and each release's arm the page was drawn in. */
export function prefetchFailureRows(screen: string, endpoint: string, releaseLabel: string | undefined): CountRow[] {
  const metric = SERVER_API_FAILURES + endpoint;
  return [
    { release: '', arm: '', screen, metric, n: 1 },
    ...armsOfLabel(releaseLabel).map(({ id, arm }) => ({ release: id, arm, screen, metric, n: 1 })),
  ];
}
