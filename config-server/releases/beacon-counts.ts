/**
 * What a beacon adds to the counts (issue 36), decided against the published snapshot: only what is published can be
 * counted, so a stream of made-up screens, endpoints or releases can neither grow the tables nor move a release's
 * figures. A screen that is not published counts nothing; an endpoint the API maps do not name counts under
 * `apiFailures:(other)`; a release that is not in flight (unknown, scheduled, over) counts nothing for that release
 * while the screen's own figures (release '') still count.
 */
import type { Beacon, BeaconScreen } from '../../schemas/generated/types.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { API_FAILURES, SERVER_API_FAILURES, type Arm, type BinRow, type CountRow, type TelemetryBatch } from '../store/telemetry-records.js';
import { binOf } from './timing-bins.js';

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
    if (body) for (const e of endpointsOf((JSON.parse(body.toString('utf8')) as { apiMap?: unknown }).apiMap)) endpoints.add(e);
    const rolling = snap.releases.filter((r) => r.status === 'rolling');
    // A candidate API map may name an endpoint the base does not: its failures are the candidate's to answer for.
    for (const r of rolling) for (const d of r.documents) if (d.kind === 'api-map') for (const e of endpointsOf(d.content)) endpoints.add(e);
    known.set(snap, (k = { endpoints, inFlight: new Set(rolling.map((r) => r.id)) }));
  }
  return k;
}

/** The rows one screen's figures add under one release and arm ('' and '' for the screen's own figures). */
function screenRows(s: BeaconScreen, release: string, arm: Arm | '', k: Known, out: TelemetryBatch) {
  const row = (metric: string, n: number | undefined) => {
    if (n) out.counts.push({ release, arm, screen: s.screen, metric, n });
  };
  row('pageViews', s.pageViews);
  row('renderErrors', s.renderErrors);
  row('unknownNodes', s.unknownNodes);
  row('expressionWarnings', s.expressionWarnings);
  for (const [endpoint, n] of Object.entries(s.apiFailures ?? {})) row(API_FAILURES + (k.endpoints.has(endpoint) ? endpoint : OTHER_ENDPOINT), n);
  for (const metric of ['lcp', 'inp'] as const) {
    for (const ms of s[metric] ?? []) out.bins.push({ release, arm, screen: s.screen, metric, bin: binOf(ms), n: 1 } satisfies BinRow);
  }
}

/** What a (schema-valid) beacon adds, given what `snap` publishes. */
export function beaconBatch(beacon: Beacon, snap: PublishedSnapshot): TelemetryBatch {
  const out: TelemetryBatch = { counts: [], bins: [] };
  if (!snap.markets.includes(beacon.market)) return out;
  const k = knownOf(snap);
  for (const s of beacon.screens) {
    if (!snap.screen(s.screen)) continue;
    screenRows(s, '', '', k, out);
    const seen = new Set<string>();
    for (const r of s.releases ?? []) {
      // One arm per release: a beacon claiming both (it cannot be both) counts the first.
      if (seen.has(r.id) || !k.inFlight.has(r.id)) continue;
      seen.add(r.id);
      screenRows(s, r.id, r.arm, k, out);
    }
  }
  return out;
}

/** `X-Config-Release` (`rel-a=base, rel-b=candidate`) as the releases and arms it names. */
export function armsOfLabel(label: string | undefined): { id: string; arm: Arm }[] {
  if (!label) return [];
  return label.split(',').flatMap((part) => {
    const m = /^\s*(rel-[0-9a-f]{10})=(base|candidate)\s*$/.exec(part);
    return m ? [{ id: m[1], arm: m[2] as Arm }] : [];
  });
}

/** The rows of one failed server prefetch: the screen's own figures and each release's arm the page was drawn in. */
export function prefetchFailureRows(screen: string, endpoint: string, releaseLabel: string | undefined): CountRow[] {
  const metric = SERVER_API_FAILURES + endpoint;
  return [{ release: '', arm: '', screen, metric, n: 1 }, ...armsOfLabel(releaseLabel).map(({ id, arm }) => ({ release: id, arm, screen, metric, n: 1 }))];
}
