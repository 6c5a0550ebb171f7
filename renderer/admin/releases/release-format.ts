/**
 * A release in ops' words: its status, who it reaches, its arms' figures and the guard's verdict. Pure, so the
 * Releases page and its tests agree on every wording.
 */
import type { ArmStats, DocSummary, Release, ReleaseAudience, ReleaseStatus, ReleaseVerdict } from '../admin-types';
import { fourEyes, type FourEyesVerdict } from '../review/four-eyes';
import {
  COLUMN_METRICS,
  RELEASE_METRICS,
  statKey,
  type MetricEntry,
  type MetricId,
} from '../../../schemas/release-metrics';

export const STATUS_LABELS: Record<ReleaseStatus, string> = {
  scheduled: 'scheduled',
  rolling: 'rolling out',
  complete: 'complete',
  'rolled-back': 'rolled back',
  ended: 'ended',
};

/** Only these can still be widened, narrowed, completed or rolled back. */
export const isOpen = (r: Pick<Release, 'status'>) => r.status === 'scheduled' || r.status === 'rolling';

/** The widen presets of a ramp (GrowthBook-style 10 → 25 → 50 → 100). */
export const WIDEN_STEPS = [10, 25, 50, 100];

const num = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
export const percentText = (p: number) => `${num.format(p)} %`;

/** `markets ID · android, ios · app 2.1 and up`, or `everyone` when nothing narrows. */
export function audienceText(a: ReleaseAudience): string {
  const parts: string[] = [];
  if (a.markets?.length) parts.push(`market${a.markets.length > 1 ? 's' : ''} ${a.markets.join(', ')}`);
  if (a.platforms?.length) parts.push(a.platforms.join(', '));
  if (a.minVersion && a.maxVersion) parts.push(`app ${a.minVersion} to ${a.maxVersion}`);
  else if (a.minVersion) parts.push(`app ${a.minVersion} and up`);
  else if (a.maxVersion) parts.push(`app up to ${a.maxVersion}`);
  return parts.length ? parts.join(' · ') : 'every market, platform and app version';
}

/** The arms table's columns: the metric catalog's, each with its heading and the arm's figure in words. */
export const ARM_COLUMNS = COLUMN_METRICS.map((id) => ({
  id,
  heading: (RELEASE_METRICS[id].words as MetricEntry['words']).column!,
}));

/** An arm's figure of catalog metric `id` in words, by its unit: a count, a rate in %, a timing in ms, or `—`. */
export function figureText(id: MetricId, a: ArmStats): string {
  const m: MetricEntry = RELEASE_METRICS[id];
  const v = (a as unknown as Record<string, number | null | undefined>)[statKey(id)];
  if (v === null || v === undefined) return '—';
  if (m.unit === 'ratio') return a.pageViews ? `${num.format(v * 100)} %` : '—';
  if (m.unit === 'ms') return `${Math.round(v).toLocaleString('en-GB')} ms`;
  return v.toLocaleString('en-GB');
}

const VERDICT_LABELS: Record<ReleaseVerdict['status'], string> = {
  off: 'guard off',
  collecting: 'collecting',
  healthy: 'healthy',
  regressed: 'regressed',
};

/** The guard's verdict as a badge and a sentence; a server that reports none yet is said so, not guessed. */
export function verdictOf(r: Pick<Release, 'guard'> & Partial<Pick<Release, 'verdict'>>): {
  label: string;
  tone: 'ok' | 'bad' | 'neutral';
  message: string;
} {
  const v = r.verdict;
  if (v && VERDICT_LABELS[v.status]) {
    const label = VERDICT_LABELS[v.status];
    // The server's sentence may open with the badge's word ("healthy: …"): said once is enough.
    const message = v.message.startsWith(`${label}: `) ? v.message.slice(label.length + 2) : v.message;
    return { label, tone: v.status === 'healthy' ? 'ok' : v.status === 'regressed' ? 'bad' : 'neutral', message };
  }
  return r.guard
    ? {
        label: 'guard on',
        tone: 'neutral',
        message: 'The guard watches this release; this server reports no verdict yet.',
      }
    : {
        label: 'guard off',
        tone: 'neutral',
        message: 'Nobody rolls this release back automatically: watch the figures.',
      };
}

/** The markets a release reaches: its audience's, else those its documents touch, else every published one. */
export function releaseMarkets(
  r: Pick<Release, 'audience' | 'documents'>,
  docs: DocSummary[],
  allMarkets: string[],
): string[] {
  if (r.audience.markets?.length) return r.audience.markets;
  const touched = new Set(
    r.documents.flatMap((d) => docs.find((x) => x.kind === d.kind && x.id === d.id)?.markets ?? []),
  );
  const known = allMarkets.filter((m) => touched.has(m));
  return known.length ? known : allMarkets;
}

/** Four eyes for widening and completing, as for publishing: the candidate's drafters are its editors. */
export function releaseFourEyes(
  r: Pick<Release, 'documents'>,
  docs: DocSummary[],
  markets: unknown[],
  user: string,
): FourEyesVerdict {
  const changes = r.documents.map((d) => ({
    markets: docs.find((x) => x.kind === d.kind && x.id === d.id)?.markets ?? [],
    editors: d.editors ?? [],
  }));
  return fourEyes({ markets, changes, publisher: user });
}
