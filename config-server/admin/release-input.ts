/**
 * The `rollout` of `POST /admin/api/publish` and the `percent` of `PATCH /admin/api/releases/{id}`, checked: garbage is
 * a 400 naming the field, never a release that reaches other borrowers than the publisher meant.
 */
import { HttpError } from '../http/http-error.js';
import { compareVersions } from '../store/release-records.js';
import { PLATFORMS, type NewRelease, type Platform, type ReleaseAudience } from '../store/release-records.js';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const VERSION = /^\d{1,6}(\.\d{1,6}){0,3}$/;

function unknownKeys(v: Record<string, unknown>, allowed: readonly string[], field: string) {
  const extra = Object.keys(v).filter((k) => !allowed.includes(k));
  if (extra.length)
    throw new HttpError(400, `${field} has unknown field(s) ${extra.join(', ')}: allowed are ${allowed.join(', ')}`, {
      field,
      allowed,
    });
}

/** A share of borrowers: 0.1-100, in steps of 0.01 (a bucket is one of 10,000). */
export function percentOf(v: unknown, field = 'percent'): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0.1 || v > 100)
    throw new HttpError(400, `${field} must be a number from 0.1 to 100`, { field });
  if (Math.abs(v * 100 - Math.round(v * 100)) > 1e-6)
    throw new HttpError(400, `${field} goes in steps of 0.01 (one borrower bucket in 10,000)`, { field });
  return Math.round(v * 100) / 100;
}

function instant(v: unknown, field: string): string | null {
  if (v === undefined || v === null) return null;
  const t = typeof v === 'string' ? Date.parse(v) : NaN;
  if (!Number.isFinite(t) || !/^\d{4}-\d{2}-\d{2}T/.test(v as string))
    throw new HttpError(400, `${field} must be an ISO 8601 time with a zone, e.g. 2026-05-01T00:00:00+07:00`, {
      field,
    });
  return new Date(t).toISOString();
}

function audienceOf(v: unknown, markets: readonly string[]): ReleaseAudience {
  if (v === undefined || v === null) return {};
  if (!isObj(v))
    throw new HttpError(400, 'rollout.audience must be an object: markets, platforms, minVersion, maxVersion', {
      field: 'rollout.audience',
    });
  unknownKeys(v, ['markets', 'platforms', 'minVersion', 'maxVersion'], 'rollout.audience');
  const out: ReleaseAudience = {};
  if (v.markets !== undefined) {
    const list = v.markets;
    if (!Array.isArray(list) || !list.length || !list.every((m) => typeof m === 'string')) {
      throw new HttpError(400, `rollout.audience.markets must be a non-empty list of markets: ${markets.join(', ')}`, {
        field: 'rollout.audience.markets',
        allowed: markets,
      });
    }
    const unknown = list.filter((m) => !markets.includes(m));
    if (unknown.length)
      throw new HttpError(
        400,
        `Unknown market(s) ${unknown.join(', ')} in rollout.audience.markets: use ${markets.join(', ')}`,
        { field: 'rollout.audience.markets', allowed: markets },
      );
    out.markets = [...new Set(list as string[])].sort();
  }
  if (v.platforms !== undefined) {
    const list = v.platforms;
    if (!Array.isArray(list) || !list.length || !list.every((p) => (PLATFORMS as readonly unknown[]).includes(p))) {
      throw new HttpError(400, `rollout.audience.platforms must be a non-empty list of ${PLATFORMS.join(', ')}`, {
        field: 'rollout.audience.platforms',
        allowed: PLATFORMS,
      });
    }
    out.platforms = [...new Set(list as Platform[])].sort();
  }
  for (const k of ['minVersion', 'maxVersion'] as const) {
    if (v[k] === undefined) continue;
    if (typeof v[k] !== 'string' || !VERSION.test(v[k]))
      throw new HttpError(400, `rollout.audience.${k} must be a dotted version such as 2.14.0`, {
        field: `rollout.audience.${k}`,
      });
    out[k] = v[k];
  }
  if (out.minVersion && out.maxVersion && compareVersions(out.minVersion, out.maxVersion) > 0) {
    throw new HttpError(400, `rollout.audience.minVersion ${out.minVersion} is above maxVersion ${out.maxVersion}`, {
      field: 'rollout.audience',
    });
  }
  return out;
}

/** The checked rollout of a publish; `markets` are the published ones (an audience may only name those). */
export function rolloutOf(v: unknown, markets: readonly string[], now: number): NewRelease {
  if (!isObj(v))
    throw new HttpError(400, 'rollout must be an object: { percent, audience, startAt, endAt, guard }', {
      field: 'rollout',
    });
  unknownKeys(v, ['percent', 'audience', 'startAt', 'endAt', 'guard', 'seed'], 'rollout');
  const percent = percentOf(v.percent, 'rollout.percent');
  const audience = audienceOf(v.audience, markets);
  const startAt = instant(v.startAt, 'rollout.startAt');
  const endAt = instant(v.endAt, 'rollout.endAt');
  if (endAt && Date.parse(endAt) <= Math.max(now, startAt ? Date.parse(startAt) : now)) {
    throw new HttpError(400, `rollout.endAt must be after ${startAt ? 'startAt' : 'now'}`, { field: 'rollout.endAt' });
  }
  if (v.guard !== undefined && typeof v.guard !== 'boolean')
    throw new HttpError(400, 'rollout.guard must be true or false', { field: 'rollout.guard' });
  if (v.seed !== undefined && (typeof v.seed !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(v.seed))) {
    throw new HttpError(400, 'rollout.seed must be 8-64 letters, digits, _ or -', { field: 'rollout.seed' });
  }
  return {
    percent,
    audience,
    startAt,
    endAt,
    guard: v.guard === true,
    ...(v.seed === undefined ? {} : { seed: v.seed as string }),
  };
}
