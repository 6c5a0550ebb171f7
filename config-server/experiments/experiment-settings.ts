import { intSetting } from '../http/int-setting.js';

/**
 * What an experiment's results wait for before they judge, and how strict they are. The defaults follow GrowthBook's
 * (`packages/shared/src/constants.ts`: 150 units per metric, SRM at p < 0.001 once each arm has 8, sequential tuning
 * 5000, α 0.05), with a longer minimum duration: a week covers salary days and weekends, which move repayments.
 */
export interface ExperimentSettings {
  /** Borrowers exposed in each arm, per goal, before that goal gets a verdict. */
  minExposedPerArm: number;
  /**
   * Conversions each arm needs before a goal gets a verdict. GrowthBook asks this of the busier arm only
   * (`hasEnoughData`); here both: the delta method's interval is too narrow on the side of the arm with fewer
   * conversions until counts are large, which named false winners on uneven splits (see the README).
   */
  minConversionsPerArm: number;
  /** Days since the experiment started before any verdict (`EXPERIMENT_MIN_DAYS`; tests set 0). */
  minDays: number;
  /** Two-sided error rate of the always-valid intervals, over every look. */
  alpha: number;
  /** A sample-ratio mismatch is flagged below this p. */
  srmAlpha: number;
  /** Exposures the configured split should give each arm before it is checked at all (whatever the arms hold). */
  srmMinPerArm: number;
  /** Total borrowers (both arms) where the sequential interval is tightest. */
  sequentialTuning: number;
}

export const DEFAULT_EXPERIMENT_MIN_DAYS = 7;

export const DEFAULT_EXPERIMENT_SETTINGS: Readonly<ExperimentSettings> = Object.freeze({
  minExposedPerArm: 150,
  minConversionsPerArm: 150,
  minDays: DEFAULT_EXPERIMENT_MIN_DAYS,
  alpha: 0.05,
  srmAlpha: 0.001,
  srmMinPerArm: 8,
  sequentialTuning: 5000,
});

/** `EXPERIMENT_MIN_DAYS`: days an experiment runs before any verdict, 0 to 365 (default 7). */
export function experimentMinDaysFromEnv(env: NodeJS.ProcessEnv): number {
  return intSetting(env, 'EXPERIMENT_MIN_DAYS', {
    fallback: DEFAULT_EXPERIMENT_MIN_DAYS,
    min: 0,
    max: 365,
    unit: 'days',
  });
}

/** The settings the server runs with: the defaults, with the minimum duration from the environment. */
export function experimentSettingsFromEnv(env: NodeJS.ProcessEnv): ExperimentSettings {
  return { ...DEFAULT_EXPERIMENT_SETTINGS, minDays: experimentMinDaysFromEnv(env) };
}
