/**
 * "Publish to N %" beside Publish on the review page: the same reviewed drafts, served first to a share of
 * borrowers as a release. Its options (share, audience, schedule, guard) fold under a summary saying what the
 * button will do; times are typed in the zone of the market the release reaches, whatever the laptop's zone.
 * The Publish button itself is handed in (`publishButton`) so both sit in one toolbar.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';
import { RELEASE_PLATFORMS, type ReleasePlatform, type Rollout } from '../admin-types';
import { marketZones } from './market-zone';
import { audienceText, percentText } from './release-format';
import { initialRollout, parsePercent, rolloutOf, type RolloutForm } from './rollout-form';
import './releases.css';

interface Props {
  /** Published market documents (ids, zones). */
  markets: unknown[];
  /** Markets the selected drafts touch: the schedule's zone is theirs when the audience allows. */
  touched: string[];
  /** Whatever keeps Publish disabled (no note, errors, four eyes) keeps this one disabled too. */
  disabled: boolean;
  publishButton: ReactNode;
  onPublish(rollout: Rollout): void;
}

const PLATFORM_NAMES: Record<ReleasePlatform, string> = {
  ios: 'iOS app',
  android: 'Android app',
  web: 'Web (browser)',
};
const toggled = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

export default function PublishToShare({ markets, touched, disabled, publishButton, onPublish }: Props) {
  const allMarkets = useMemo(() => idsOf(markets), [markets]);
  const [form, setForm] = useState<RolloutForm>(() => initialRollout(allMarkets));
  const [zoneMarket, setZoneMarket] = useState('');
  const id = useId();
  const set = <K extends keyof RolloutForm>(k: K, v: RolloutForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  // The schedule's zone: of the ticked markets the drafts touch (else of the ticked ones); ops pick when they differ.
  const reached = form.markets.filter((m) => touched.includes(m));
  const zones = marketZones(markets, reached.length ? reached : form.markets);
  const distinct = [...new Map(zones.map((z) => [z.zone, z])).values()];
  const zone = (zones.find((z) => z.market === zoneMarket) ?? zones[0])?.zone ?? 'UTC';
  const { rollout, errors } = rolloutOf(form, allMarkets, zone);
  const shown = parsePercent(form.percent);

  const summary = rollout
    ? `${percentText(rollout.percent)} of ${audienceText(rollout.audience ?? {})}, ${rollout.startAt ? 'scheduled' : 'starting when published'}${rollout.endAt ? ', ending by itself' : ''}, guard ${rollout.guard ? 'on' : 'off'}`
    : 'some options need fixing';
  const err = (k: keyof RolloutForm) =>
    errors[k] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${k}-error` } : {};
  // A fieldset (a group) is described by its message; invalid is said of the inputs.
  const groupErr = (k: keyof RolloutForm) => (errors[k] ? { 'aria-describedby': `${id}-${k}-error` } : {});
  const message = (k: keyof RolloutForm) =>
    errors[k] ? (
      <span id={`${id}-${k}-error`} className="field-error">
        {errors[k]}
      </span>
    ) : null;

  return (
    <div className="rollout">
      <div className="toolbar">
        {publishButton}
        <button
          type="button"
          className="btn btn--primary"
          disabled={disabled || !rollout}
          onClick={() => rollout && onPublish(rollout)}
        >
          Publish to {shown === null ? 'N' : shown.toLocaleString('en-GB')} %
        </button>
      </div>
      <details>
        <summary>Share, audience, schedule and guard: {summary}</summary>
        <p className="rollout__hint">
          The drafts go to this share of borrowers first (a release); everyone else keeps what is published. Watch it,
          widen it, complete it or roll it back on the Releases page.
        </p>
        <div className="rollout__grid">
          <fieldset>
            <legend>Share</legend>
            <label className="rollout__field">
              Share of borrowers (%)
              <input
                inputMode="decimal"
                value={form.percent}
                onChange={(e) => set('percent', e.target.value)}
                {...err('percent')}
              />
            </label>
            {message('percent')}
            <label>
              <input type="checkbox" checked={form.guard} onChange={(e) => set('guard', e.target.checked)} /> Guard:
              roll back by itself if the candidate does worse
            </label>
          </fieldset>
          <fieldset {...groupErr('markets')}>
            <legend>Markets</legend>
            {allMarkets.map((m) => (
              <label key={m}>
                <input
                  type="checkbox"
                  checked={form.markets.includes(m)}
                  onChange={() => set('markets', toggled(form.markets, m))}
                />{' '}
                {m}
              </label>
            ))}
            {message('markets')}
          </fieldset>
          <fieldset {...groupErr('platforms')}>
            <legend>Platforms</legend>
            {RELEASE_PLATFORMS.map((p) => (
              <label key={p}>
                <input
                  type="checkbox"
                  checked={form.platforms.includes(p)}
                  onChange={() => set('platforms', toggled(form.platforms, p))}
                />{' '}
                {PLATFORM_NAMES[p]}
              </label>
            ))}
            {message('platforms')}
          </fieldset>
          <fieldset>
            <legend>App versions (empty: any)</legend>
            <label className="rollout__field">
              Lowest app version
              <input
                value={form.minVersion}
                placeholder="e.g. 2.14.0"
                onChange={(e) => set('minVersion', e.target.value)}
                {...err('minVersion')}
              />
            </label>
            {message('minVersion')}
            <label className="rollout__field">
              Highest app version
              <input
                value={form.maxVersion}
                onChange={(e) => set('maxVersion', e.target.value)}
                {...err('maxVersion')}
              />
            </label>
            {message('maxVersion')}
          </fieldset>
          <fieldset>
            <legend>Schedule ({zone})</legend>
            {distinct.length > 1 && (
              <label className="rollout__field">
                Times are in the zone of
                <select value={zoneMarket || zones[0]!.market} onChange={(e) => setZoneMarket(e.target.value)}>
                  {zones.map((z) => (
                    <option key={z.market} value={z.market}>
                      {z.market} ({z.zone})
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="rollout__field">
              Start ({zone}; empty: when published)
              <input
                type="datetime-local"
                value={form.startAt}
                onChange={(e) => set('startAt', e.target.value)}
                {...err('startAt')}
              />
            </label>
            {message('startAt')}
            <label className="rollout__field">
              End ({zone}; empty: never by itself)
              <input
                type="datetime-local"
                value={form.endAt}
                onChange={(e) => set('endAt', e.target.value)}
                {...err('endAt')}
              />
            </label>
            {message('endAt')}
          </fieldset>
        </div>
      </details>
    </div>
  );
}

function idsOf(markets: unknown[]): string[] {
  const ids = markets.map((m) => (m as { id?: unknown } | null)?.id).filter((x): x is string => typeof x === 'string');
  return [...new Set(ids)].sort();
}
