/**
 * "Test this draft" as data: the share typed and the goals and guardrails ticked → the `rollout` and `experiment` of
 * `POST /admin/api/publish`, or a message per field. Checked with the server's rules (a share below 100 %, at least
 * one goal, published metric documents) so ops learn of a slip at the field; the server checks again and decides.
 */
import type { ReleaseExperiment, Rollout } from '../admin-types';
import { parsePercent } from '../releases/rollout-form';

export interface ExperimentForm {
  /** As typed: `50`. */
  percent: string;
  goals: string[];
  /** Metric documents it must not harm; the guard watches errors and slow screens on every release anyway. */
  guardrails: string[];
}

export type ExperimentErrors = Partial<Record<keyof ExperimentForm, string>>;

/** Half the borrowers on each side: the split that reaches a verdict soonest. */
export const initialExperiment = (): ExperimentForm => ({ percent: '50', goals: [], guardrails: [] });

export function experimentOf(form: ExperimentForm): {
  rollout: Rollout | null;
  experiment: ReleaseExperiment | null;
  errors: ExperimentErrors;
} {
  const errors: ExperimentErrors = {};
  const percent = parsePercent(form.percent);
  if (percent === null || percent >= 100)
    errors.percent = 'Enter a share from 0.1 to 99.99: the rest of the borrowers are the base it is compared with.';
  if (!form.goals.length) errors.goals = 'Tick at least one goal the change should move.';
  const both = form.guardrails.filter((g) => form.goals.includes(g));
  if (both.length) errors.guardrails = `A metric is a goal or a guardrail, not both: ${both.join(', ')}.`;
  if (Object.keys(errors).length) return { rollout: null, experiment: null, errors };
  // The guard stays on: an experiment that hurts borrowers (errors, slow screens) is rolled back as any release is.
  const experiment: ReleaseExperiment = { goals: [...form.goals] };
  if (form.guardrails.length) experiment.guardrails = [...form.guardrails];
  return { rollout: { percent: percent!, guard: true }, experiment, errors };
}
