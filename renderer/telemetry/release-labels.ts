import type { BeaconRelease } from '../../schemas/generated/types';

/** The beacon schema's release id (schemas/beacon.json): anything else would get the whole beacon refused. */
const RELEASE_ID = /^rel-[0-9a-f]{10}$/;
const MAX_RELEASES = 8;

/**
 * The releases of one or more `X-Config-Release` values (`rel-…=base, rel-…=candidate`), in id order, each once.
 * Unreadable parts are left out: a beacon carries only what the schema allows.
 */
export function releasesOf(...labels: (string | null | undefined)[]): BeaconRelease[] {
  const byId = new Map<string, BeaconRelease['arm']>();
  for (const label of labels) {
    for (const part of (label ?? '').split(',')) {
      const [id, arm] = part.trim().split('=');
      if (RELEASE_ID.test(id ?? '') && (arm === 'base' || arm === 'candidate')) byId.set(id, arm);
    }
  }
  return [...byId].sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, MAX_RELEASES).map(([id, arm]) => ({ id, arm }));
}

/** One string per set of releases, to key what is counted. */
export const releasesKey = (releases: readonly BeaconRelease[]) => releases.map((r) => `${r.id}=${r.arm}`).join(',');
