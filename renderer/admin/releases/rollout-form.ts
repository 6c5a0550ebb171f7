/**
 * The "Publish to N %" form as data: what ops typed → the `rollout` of `POST /admin/api/publish`, or a message per
 * field that is wrong. Checked here with the server's own rules (its release input checks, described
 * in the OpenAPI description) so ops learn of a typo at the field, before the click; the server checks again and decides.
 */
import { RELEASE_PLATFORMS, type ReleasePlatform, type Rollout } from '../admin-types';
import { wallTimeToIso } from './market-zone';

export interface RolloutForm {
  /** As typed: `10`, `0.5`. */
  percent: string;
  /** Ticked markets; all of them ticked means no narrowing. */
  markets: string[];
  platforms: ReleasePlatform[];
  minVersion: string;
  maxVersion: string;
  /** datetime-local values in `zone`; empty: now / never. */
  startAt: string;
  endAt: string;
  guard: boolean;
}

export type RolloutErrors = Partial<Record<keyof RolloutForm, string>>;

/** A guarded 10 % to every market and platform, starting now: the first step of a ramp. */
export const initialRollout = (markets: string[]): RolloutForm => ({
  percent: '10',
  markets: [...markets],
  platforms: [...RELEASE_PLATFORMS],
  minVersion: '',
  maxVersion: '',
  startAt: '',
  endAt: '',
  guard: true,
});

const VERSION = /^\d{1,6}(\.\d{1,6}){0,3}$/;

/** A share as typed, or null: 0.1-100 in steps of 0.01 (a bucket is one borrower in 10,000). */
export function parsePercent(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const v = Number(t);
  if (v < 0.1 || v > 100 || Math.abs(v * 100 - Math.round(v * 100)) > 1e-6) return null;
  return Math.round(v * 100) / 100;
}

function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** The rollout, or the errors by field. `allMarkets`: the published ones; `zone`: the zone the times are typed in. */
export function rolloutOf(
  form: RolloutForm,
  allMarkets: string[],
  zone: string,
  now = Date.now(),
): { rollout: Rollout | null; errors: RolloutErrors } {
  const errors: RolloutErrors = {};
  const percent = parsePercent(form.percent);
  if (percent === null) errors.percent = 'Enter a share from 0.1 to 100 (steps of 0.01).';
  if (!form.markets.length) errors.markets = 'Tick at least one market.';
  if (!form.platforms.length) errors.platforms = 'Tick at least one platform.';
  for (const k of ['minVersion', 'maxVersion'] as const) {
    if (form[k].trim() && !VERSION.test(form[k].trim())) errors[k] = 'A dotted version such as 2.14.0.';
  }
  const min = form.minVersion.trim();
  const max = form.maxVersion.trim();
  if (min && max && !errors.minVersion && !errors.maxVersion && compareVersions(min, max) > 0)
    errors.maxVersion = `Must not be below the lowest version ${min}.`;
  const startAt = form.startAt ? wallTimeToIso(form.startAt, zone) : null;
  const endAt = form.endAt ? wallTimeToIso(form.endAt, zone) : null;
  if (form.startAt && !startAt) errors.startAt = 'Enter a date and time.';
  if (form.endAt && !endAt) errors.endAt = 'Enter a date and time.';
  if (endAt && Date.parse(endAt) <= Math.max(now, startAt ? Date.parse(startAt) : now))
    errors.endAt = startAt ? 'Must be after the start.' : 'Must be in the future.';
  if (Object.keys(errors).length) return { rollout: null, errors };

  const audience: Rollout['audience'] = {};
  const everyMarket = allMarkets.every((m) => form.markets.includes(m));
  if (!everyMarket) audience.markets = [...form.markets].sort();
  if (RELEASE_PLATFORMS.some((p) => !form.platforms.includes(p))) audience.platforms = [...form.platforms].sort();
  if (min) audience.minVersion = min;
  if (max) audience.maxVersion = max;
  const rollout: Rollout = { percent: percent!, guard: form.guard };
  if (Object.keys(audience).length) rollout.audience = audience;
  if (startAt) rollout.startAt = startAt;
  if (endAt) rollout.endAt = endAt;
  return { rollout, errors };
}
