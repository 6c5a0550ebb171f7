import { describe, expect, it } from 'vitest';
import { experimentOf, initialExperiment } from './experiment-form';

describe('"Test this draft" form', () => {
  it('sends a guarded rollout at the share typed and the goals ticked', () => {
    const out = experimentOf({ percent: '50', goals: ['loanConfirmed'], guardrails: [] });
    expect(out).toEqual({
      rollout: { percent: 50, guard: true },
      experiment: { goals: ['loanConfirmed'] },
      errors: {},
    });
  });

  it('keeps guardrails ops ticked', () => {
    const out = experimentOf({ percent: '20', goals: ['registered'], guardrails: ['complaintFiled'] });
    expect(out.experiment).toEqual({ goals: ['registered'], guardrails: ['complaintFiled'] });
  });

  it('asks for a goal, a share below 100 % and no metric on both sides', () => {
    expect(experimentOf(initialExperiment()).errors).toEqual({ goals: expect.stringMatching(/at least one goal/) });
    expect(experimentOf({ percent: '100', goals: ['repaid'], guardrails: [] }).errors.percent).toMatch(/99\.99/);
    expect(experimentOf({ percent: 'half', goals: ['repaid'], guardrails: [] }).rollout).toBeNull();
    expect(experimentOf({ percent: '50', goals: ['repaid'], guardrails: ['repaid'] }).errors.guardrails).toMatch(
      /goal or a guardrail.*repaid/,
    );
  });
});
