/**
 * "Test this draft" on the review page: the same reviewed drafts published to a share of borrowers as an experiment,
 * judged on goals (and guardrails) picked from the published metric documents. Whatever keeps Publish disabled (no
 * note, errors, four eyes) keeps this disabled too; the server checks again and its refusals are shown by the page.
 */
import { useEffect, useId, useState } from 'react';
import { adminApi } from '../admin-api';
import type { ReleaseExperiment, Rollout } from '../admin-types';
import { experimentOf, initialExperiment, type ExperimentForm } from './experiment-form';
import './experiments.css';

interface Props {
  disabled: boolean;
  onStart(rollout: Rollout, experiment: ReleaseExperiment): void;
}

interface MetricChoice {
  id: string;
  name: string;
  description: string;
  higherIsBetter: boolean;
}

const toggled = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** The published metric documents, with their names: what an experiment may be judged on. */
async function publishedMetrics(): Promise<MetricChoice[]> {
  const list = await adminApi.list({ kind: 'metric' });
  const records = await Promise.all(
    list.filter((d) => d.kind === 'metric' && d.publishedVersion != null).map((d) => adminApi.get(d.kind, d.id)),
  );
  return records.map((r) => {
    const c = (r.published?.content ?? {}) as Partial<MetricChoice>;
    return {
      id: r.id,
      name: typeof c.name === 'string' ? c.name : r.id,
      description: typeof c.description === 'string' ? c.description : '',
      higherIsBetter: c.higherIsBetter !== false,
    };
  });
}

export default function TestThisDraft({ disabled, onStart }: Props) {
  const [metrics, setMetrics] = useState<MetricChoice[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<ExperimentForm>(initialExperiment);
  const id = useId();
  useEffect(() => {
    publishedMetrics().then(setMetrics, (e: Error) => setLoadError(e.message));
  }, []);

  const { rollout, experiment, errors } = experimentOf(form);
  const set = <K extends keyof ExperimentForm>(k: K, v: ExperimentForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const message = (k: keyof ExperimentForm) =>
    errors[k] ? (
      <span id={`${id}-${k}-error`} className="field-error">
        {errors[k]}
      </span>
    ) : null;
  const described = (k: keyof ExperimentForm) => (errors[k] ? { 'aria-describedby': `${id}-${k}-error` } : {});

  const picker = (k: 'goals' | 'guardrails', legend: string) => (
    <fieldset {...described(k)}>
      <legend>{legend}</legend>
      {(metrics ?? []).map((m) => (
        <label key={m.id} title={m.description}>
          <input type="checkbox" checked={form[k].includes(m.id)} onChange={() => set(k, toggled(form[k], m.id))} />{' '}
          {m.name} ({m.id}, {m.higherIsBetter ? 'more is better' : 'less is better'})
        </label>
      ))}
      {message(k)}
    </fieldset>
  );

  return (
    <section aria-labelledby={`${id}-title`} className="test-draft">
      <h4 id={`${id}-title`}>Test this draft</h4>
      <p className="test-draft__hint">
        An experiment: a share of borrowers gets the drafts, the rest keep what is published, and the results page says
        which side does better on the goals you pick. The guard still rolls it back if errors or slow screens rise.
      </p>
      {loadError && <p className="error">The metric documents could not be read: {loadError}</p>}
      {metrics?.length === 0 && <p>No published metric documents: publish one to test against it.</p>}
      <label className="rollout__field">
        Share of borrowers who get the drafts (%)
        <input
          inputMode="decimal"
          value={form.percent}
          onChange={(e) => set('percent', e.target.value)}
          aria-invalid={errors.percent ? true : undefined}
          {...described('percent')}
        />
      </label>
      {message('percent')}
      {metrics && metrics.length > 0 && (
        <>
          {picker('goals', 'Goals: what the change should move')}
          {picker('guardrails', 'Guardrails (optional): what it must not harm')}
        </>
      )}
      <div className="toolbar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={disabled || !rollout || !experiment}
          onClick={() => rollout && experiment && onStart(rollout, experiment)}
        >
          Test this draft
        </button>
      </div>
    </section>
  );
}
