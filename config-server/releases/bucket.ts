/**
 * Who gets a release's candidate: one pure function, run by the server for bundles, screens, templates and
 * drawn pages alike, so a borrower is in the same arm everywhere and on every replica. There is no coin flip anywhere.
 *
 * A borrower's bucket is a stable hash of the release's seed and their `deviceId` (a common param), 0-9999. They are in
 * the candidate when the bucket is below percent × 100 and the release's audience matches their market, platform and
 * app version. Widening only raises the bound (everyone who was in stays in); narrowing lowers it (only the top of the
 * range moves out). Each release has its own seed, so being in one release's candidate says nothing about another's.
 */
import { compareVersions, type ReleaseAudience } from '../store/release-records.js';

/** Buckets per release: a percent is a bound in steps of 0.01 %. */
export const BUCKETS = 10_000;

/** What a request says about the borrower (common params); any may be missing. */
export interface Borrower {
  deviceId?: string;
  market?: string;
  platform?: string;
  version?: string;
}

/** What decides membership: the release's seed, share and audience. */
export interface ReleaseDraw {
  seed: string;
  percent: number;
  audience: ReleaseAudience;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-8 bytes of `s`, continuing from `h`. */
function fnv1a(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) {
      for (const b of Buffer.from(s.slice(i), 'utf8')) h = Math.imul(h ^ b, FNV_PRIME);
      return h;
    }
    h = Math.imul(h ^ c, FNV_PRIME);
  }
  return h;
}

/** MurmurHash3's finaliser: every input bit moves every output bit (FNV-1a alone keeps similar ids close). */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash state after `seed + ':'`, worked out once per release (the per-request part is the deviceId alone). */
export const seedState = (seed: string) => fnv1a(FNV_OFFSET, `${seed}:`);

/** The bucket (0-9999) of a deviceId in the release whose `seedState` this is. */
export const bucketFrom = (state: number, deviceId: string) => fmix32(fnv1a(state, deviceId)) % BUCKETS;

/** The bucket (0-9999) of a deviceId in the release with this seed: fmix32(FNV-1a(utf8(seed + ':' + deviceId))) mod 10,000. */
export const bucket = (seed: string, deviceId: string) => bucketFrom(seedState(seed), deviceId);

/** The candidate's buckets are [0, bound): percent × 100. */
export const boundOf = (percent: number) => Math.round(percent * 100);

/** The dotted number an app version starts with (`v2.14.1-beta` → `2.14.1`), or undefined. */
const versionNumber = (v: string | undefined) =>
  v ? /^v?(\d{1,6}(?:\.\d{1,6}){0,3})/i.exec(v.trim())?.[1] : undefined;

/** Whether the audience takes this borrower: an audience field the request does not answer does not match. */
export function inAudience(a: ReleaseAudience, who: Borrower): boolean {
  if (a.markets && !(who.market !== undefined && a.markets.includes(who.market))) return false;
  if (
    a.platforms &&
    !(who.platform !== undefined && (a.platforms as string[]).includes(who.platform.trim().toLowerCase()))
  )
    return false;
  if (a.minVersion || a.maxVersion) {
    const v = versionNumber(who.version);
    if (!v) return false;
    if (a.minVersion && compareVersions(v, a.minVersion) < 0) return false;
    if (a.maxVersion && compareVersions(v, a.maxVersion) > 0) return false;
  }
  return true;
}

/** A release's draw, worked out once per release: the hash state after its seed and its bound. */
export interface PreparedDraw {
  state: number;
  bound: number;
  audience: ReleaseAudience;
}

export const prepareDraw = (r: ReleaseDraw): PreparedDraw => ({
  state: seedState(r.seed),
  bound: boundOf(r.percent),
  audience: r.audience,
});

/**
 * The arm rule: whether the borrower gets the release's candidate. No deviceId: the base. Serving (release-arms.ts)
 * asks this for every release in flight, so the rule tested in bucket.test.ts is the one borrowers are served by.
 */
export function inCandidate(r: PreparedDraw, who: Borrower): boolean {
  if (!who.deviceId) return false;
  return inAudience(r.audience, who) && bucketFrom(r.state, who.deviceId) < r.bound;
}
