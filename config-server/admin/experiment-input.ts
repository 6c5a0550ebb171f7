/**
 * The `experiment` of `POST /admin/api/publish` (beside its `rollout`), checked: `goals`, 1 to 10 ids of published
 * metric documents (what the release should move), and `guardrails`, metrics it must not harm: published metric ids or
 * the guard's own metrics (`errorRate`, `p75Lcp`), which they default to. Garbage is a 400 naming the field.
 */
import { HttpError } from '../http/http-error.js';
import type { NewDocument } from '../store/config-store.js';
import type { ReleaseExperiment } from '../store/release-records.js';

/** What the guard already watches on every release (releases/guard-rule.ts): the default guardrails. */
export const GUARD_METRICS = ['errorRate', 'p75Lcp'] as const;
const MAX_METRICS = 10;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The published metric documents' ids. */
export const metricIds = (published: NewDocument[]) =>
  published
    .filter((d) => d.kind === 'metric')
    .map((d) => d.id)
    .sort();

function idsOf(v: unknown, field: string, allowed: readonly string[], min: number): string[] {
  if (!Array.isArray(v) || v.length < min || v.length > MAX_METRICS || !v.every((x) => typeof x === 'string'))
    throw new HttpError(400, `${field} must be a list of ${min} to ${MAX_METRICS} metric ids: ${allowed.join(', ')}`, {
      field,
      allowed,
    });
  const unknown = v.filter((x) => !allowed.includes(x as string));
  if (unknown.length)
    throw new HttpError(400, `Unknown metric(s) ${unknown.join(', ')} in ${field}: use ${allowed.join(', ')}`, {
      field,
      allowed,
    });
  if (new Set(v).size !== v.length) throw new HttpError(400, `${field} names a metric twice`, { field });
  return v as string[];
}

export function experimentOf(v: unknown, metrics: readonly string[]): ReleaseExperiment {
  if (!isObj(v))
    throw new HttpError(400, 'experiment must be an object: { goals: [metric ids], guardrails: [metric ids] }', {
      field: 'experiment',
    });
  const extra = Object.keys(v).filter((k) => k !== 'goals' && k !== 'guardrails');
  if (extra.length)
    throw new HttpError(400, `experiment has unknown field(s) ${extra.join(', ')}: allowed are goals, guardrails`, {
      field: 'experiment',
      allowed: ['goals', 'guardrails'],
    });
  const goals = idsOf(v.goals, 'experiment.goals', metrics, 1);
  const guardrails =
    v.guardrails === undefined || v.guardrails === null
      ? [...GUARD_METRICS]
      : idsOf(v.guardrails, 'experiment.guardrails', [...metrics, ...GUARD_METRICS], 0);
  const both = guardrails.filter((g) => goals.includes(g));
  if (both.length)
    throw new HttpError(400, `experiment.guardrails repeats goal(s) ${both.join(', ')}`, {
      field: 'experiment.guardrails',
    });
  return { goals, guardrails };
}
