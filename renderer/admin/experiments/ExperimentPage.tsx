/**
 * An experiment's results (`#/releases/<id>/results`, linked from its release on the Releases page): the split's
 * state in words, exposures per arm and per day, each goal and guardrail with both rates, the lift, its interval over
 * time and the verdict in words, overall or for one market; and, for publishers while it runs, Ship or Stop.
 */
import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../admin-api';
import { canPublish, type DocSummary, type ExperimentResults, type Release, type Role } from '../admin-types';
import { describeError } from '../describe-error';
import { formatHash } from '../nav/hash-route';
import { useLatest } from '../use-latest';
import { isOpen, percentText, releaseFourEyes, STATUS_LABELS } from '../releases/release-format';
import ExperimentDecision from './ExperimentDecision';
import { countText, exposuresPerDay, srmText } from './experiment-format';
import GoalResult from './GoalResult';
import './experiments.css';

interface Props {
  id: string;
  role: Role;
  user: string;
  docs: DocSummary[];
  /** Published market documents (four eyes). */
  markets: unknown[];
  /** After Ship (new versions published) or Stop. */
  onChanged?(): void;
}

/** The overall figures: not a market id, since '' is one (borrowers whose link named no published market). */
const OVERALL = null;
const marketLabel = (m: string) => (m ? `Market ${m}` : 'No market');

export default function ExperimentPage({ id, role, user, docs, markets, onChanged }: Props) {
  const [results, setResults] = useState<ExperimentResults | null>(null);
  const [release, setRelease] = useState<Release | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [scope, setScope] = useState<string | null>(OVERALL);

  // A refresh asked before a decision must not, answering after it, offer the decision again on a closed release.
  const begin = useLatest();
  const load = useCallback(async () => {
    const latest = begin();
    try {
      const [res, all] = await Promise.all([adminApi.experimentResults(id), adminApi.releases()]);
      if (!latest()) return;
      setResults(res);
      setRelease(all.find((r) => r.id === id) ?? null);
      setError(null);
    } catch (e) {
      if (latest()) setError(describeError(e));
    }
  }, [id, begin]);
  useEffect(() => void load(), [load]);

  const shown = results && (scope === OVERALL ? results : results.markets[scope]);
  const srm = shown && results && srmText(shown.srm, results.settings.srmAlpha);
  const marketIds = results ? Object.keys(results.markets).sort() : [];

  return (
    <section aria-labelledby="experiment-title" className="experiment">
      <h2 id="experiment-title">Experiment: release {id}</h2>
      <p>
        <a href={formatHash({ page: 'releases' })}>Back to the Releases page</a>
      </p>
      <p role="status" className="releases__status">
        {status}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {!results && !error && <p>Loading the results…</p>}
      {results && (
        <>
          <p className="muted">
            {isOpen(results.release)
              ? `${STATUS_LABELS[results.release.status]}, ${percentText(results.release.percent)} of borrowers get the candidate.`
              : `${STATUS_LABELS[results.release.status]} (was at ${percentText(results.release.percent)}).`}{' '}
            Started {results.release.startedAt.slice(0, 16).replace('T', ' ')} UTC; figures as of{' '}
            {results.at.slice(0, 16).replace('T', ' ')} UTC. A verdict needs {results.settings.minExposedPerArm} exposed
            borrowers and {results.settings.minConversionsPerArm} conversions in each arm and {results.settings.minDays}{' '}
            day(s); the interval stays valid however often you look.
          </p>
          <p className="muted experiment__method">
            <strong>Method:</strong> {results.method}
          </p>
          <div className="toolbar">
            <div role="group" aria-label="Figures for" className="toolbar">
              {[OVERALL, ...marketIds].map((m) => (
                <button
                  key={m ?? '\u0000overall'}
                  type="button"
                  className="btn"
                  aria-pressed={scope === m}
                  onClick={() => setScope(m)}
                >
                  {m === OVERALL ? 'Overall' : marketLabel(m)}
                </button>
              ))}
            </div>
            <button type="button" className="btn" onClick={() => void load()}>
              Refresh
            </button>
          </div>
        </>
      )}
      {shown && srm && (
        <>
          <p className={`experiment-srm ${srm.flagged ? 'experiment-srm--flagged' : ''}`} role="note">
            <strong>{srm.label}:</strong> {srm.text}
          </p>
          <p>
            Exposed borrowers{scope === OVERALL ? '' : scope ? ` in market ${scope}` : ' with no published market'}:
            base {countText(shown.exposures.base)}, candidate {countText(shown.exposures.candidate)}.
          </p>
          <section aria-labelledby="experiment-goals-title" className="experiment__goals">
            <h3 id="experiment-goals-title">Goals</h3>
            {shown.goals.map((g) => (
              <GoalResult key={g.metric} goal={g} results={results} overTime={scope === OVERALL} idPrefix="goal" />
            ))}
          </section>
          {shown.guardrails.length > 0 && (
            <section aria-labelledby="experiment-guardrails-title" className="experiment__goals">
              <h3 id="experiment-guardrails-title">Guardrails</h3>
              {shown.guardrails.map((g) => (
                <GoalResult key={g.metric} goal={g} results={results} overTime={scope === OVERALL} idPrefix="guard" />
              ))}
            </section>
          )}
          {scope === OVERALL && results.days.length > 0 && (
            <table className="table experiment__days">
              <caption>Borrowers exposed per arm and day (UTC)</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Base</th>
                  <th scope="col">Candidate</th>
                </tr>
              </thead>
              <tbody>
                {exposuresPerDay(results.days).map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{countText(d.base)}</td>
                    <td>{countText(d.candidate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {results && release && isOpen(release) && canPublish(role) && (
        <ExperimentDecision
          release={release}
          results={results}
          eyes={releaseFourEyes(release, docs, markets, user)}
          user={user}
          onDone={(message) => {
            setStatus(message);
            onChanged?.();
            void load();
          }}
        />
      )}
    </section>
  );
}
