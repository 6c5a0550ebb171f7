/**
 * One goal (or guardrail) of an experiment: both arms' rates, the lift with its interval, the verdict in words (and,
 * while there is none, what is still missing), then the lift over the days as a picture with the same figures in a
 * table beside it. Conversions the app itself reported are shown apart: they never enter the verdict.
 */
import type { ExperimentGoal, ExperimentResults } from '../admin-types';
import {
  countText,
  levelText,
  liftOverTime,
  liftText,
  liftWithInterval,
  missingData,
  pText,
  rateText,
  VERDICT_LABELS,
  verdictTone,
} from './experiment-format';
import LiftChart from './LiftChart';

interface Props {
  goal: ExperimentGoal;
  results: ExperimentResults;
  /** The picture over time is of the overall figures only (`days`). */
  overTime: boolean;
  idPrefix: string;
}

export default function GoalResult({ goal: g, results, overTime, idPrefix }: Props) {
  const id = `${idPrefix}-${g.metric}`;
  const missing =
    g.verdict === 'not-enough-data' ? missingData(g, results.settings, results.release.startedAt, results.at) : [];
  const points = overTime ? liftOverTime(results.days, g.metric) : [];
  const level = levelText(results.settings.alpha);
  return (
    <article className="card experiment-goal" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        {g.name} <span className="nav__id">{g.metric}</span>
        <span className={`badge experiment-verdict experiment-verdict--${verdictTone(g.verdict)}`}>
          {VERDICT_LABELS[g.verdict]}
        </span>
      </h4>
      <p className="experiment-goal__reason">{g.reason}</p>
      {missing.length > 0 && (
        <ul className="experiment-goal__missing" aria-label={`What ${g.name} still needs for a verdict`}>
          {missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <table className="table">
        <caption>
          {g.name}: {g.higherIsBetter ? 'more is better' : 'less is better'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Arm</th>
            <th scope="col">Exposed</th>
            <th scope="col">Converted</th>
            <th scope="col">Rate</th>
            <th scope="col">Reported by the app</th>
          </tr>
        </thead>
        <tbody>
          {(['base', 'candidate'] as const).map((arm) => (
            <tr key={arm}>
              <th scope="row">{arm === 'base' ? 'Base (published before)' : 'Candidate (this release)'}</th>
              <td>{countText(g[arm].exposed)}</td>
              <td>{countText(g[arm].conversions)}</td>
              <td>{rateText(g[arm].rate)}</td>
              <td>{countText(g.reportedByApp[arm])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Lift of the candidate: <strong>{liftWithInterval(g.lift, results.settings.alpha)}</strong>
        {g.p !== null && `, always-valid ${pText(g.p, results.settings.alpha)}`}.
      </p>
      {overTime && points.length > 0 && (
        <div className="experiment-goal__over-time">
          <figure className="experiment-goal__chart">
            <LiftChart points={points} />
            <figcaption>
              Lift of {g.name} by UTC day (dots and line, in %) with its {level} always-valid interval (bars and band);
              the dashed line is no difference. The same figures are in the table.
            </figcaption>
          </figure>
          <table className="table experiment-goal__days">
            <caption>{g.name}: lift by day (UTC days; figures up to each day&apos;s end in UTC)</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Lift</th>
                <th scope="col">{level} always-valid interval</th>
                <th scope="col">Verdict</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row">{p.day}</th>
                  <td>{liftText(p.estimate)}</td>
                  <td>{p.low === null || p.high === null ? '—' : `${liftText(p.low)} to ${liftText(p.high)}`}</td>
                  <td>{VERDICT_LABELS[p.verdict]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
