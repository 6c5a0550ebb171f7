/**
 * Releases as the stores keep them: a publish that goes out to a share of borrowers first. Its documents'
 * new contents are the *candidate*; what was published stays the *base* until the release completes. Shared by
 * sqlite-store.ts and pg-store.ts so both keep the same rows, the same audit entries and the same refusals.
 */
import { randomBytes } from 'node:crypto';
import { conflict, notFound, type StoreError } from './store-errors.js';
import type { Actor, DocRef, PublishCheck, StoredVersion } from './records.js';

export const RELEASE_STATUSES = ['scheduled', 'rolling', 'complete', 'rolled-back', 'ended'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
/** A release is open (its documents cannot be published otherwise) until it completes, is rolled back or ends. */
export const OPEN_STATUSES: readonly ReleaseStatus[] = ['scheduled', 'rolling'];
export const isOpen = (status: ReleaseStatus) => OPEN_STATUSES.includes(status);

export const PLATFORMS = ['ios', 'android', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Who a release may reach at all; every field narrows (absent: no narrowing). Read from the common params. */
export interface ReleaseAudience {
  markets?: string[];
  platforms?: Platform[];
  /** App versions, inclusive, compared as dotted numbers (`2.10` > `2.9`). */
  minVersion?: string;
  maxVersion?: string;
}

/** Compares dotted version numbers (`2.10` > `2.9`; missing parts count as 0). */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** One document of a release: its candidate content, and the published version it replaces for the candidate arm. */
export interface ReleaseDocument extends DocRef {
  file: string;
  baseVersion: number;
  content: unknown;
  hash: string;
  /** Who edited the draft that became the candidate (four eyes for widening and completing). */
  editors: string[];
}

/** What a release is judged on as an experiment: metric document ids (config-server/experiments/README.md). */
export interface ReleaseExperiment {
  /** The metrics the release should move (e.g. `loanConfirmed`). */
  goals: string[];
  /** Metrics it must not harm; shown beside the goals. */
  guardrails: string[];
}

export interface StoredRelease {
  id: string;
  /** Mixed into every borrower's bucket (releases/bucket.ts): each release draws its own share. */
  seed: string;
  status: ReleaseStatus;
  /** Share of the audience in the candidate, 0.1-100. */
  percent: number;
  audience: ReleaseAudience;
  /** ISO 8601 (UTC): when a scheduled release starts by itself; null: it started when published. */
  startAt: string | null;
  /** ISO 8601 (UTC): when it ends by itself (everyone back to the base); null: never. */
  endAt: string | null;
  /** Whether the guard may roll it back by itself on a regression. */
  guard: boolean;
  /** Its goals and guardrails when it is an experiment; null otherwise. */
  experiment: ReleaseExperiment | null;
  note: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  documents: ReleaseDocument[];
}

/** The `rollout` of a publish, checked (admin/release-input.ts). */
export interface NewRelease {
  percent: number;
  /** The same seed draws the same borrowers (a population kept across releases); default: a new random one. */
  seed?: string;
  audience: ReleaseAudience;
  startAt: string | null;
  endAt: string | null;
  guard: boolean;
  /** Absent or null: no experiment (the guard still judges it as before). */
  experiment?: ReleaseExperiment | null;
}

/** What the server serves from: one consistent read of the published state and the open releases. */
export interface ServingState<V> {
  generation: number;
  published: V[];
  /** Open releases (scheduled and rolling), oldest first. */
  releases: StoredRelease[];
}

/** The release half of a ConfigStore (`store.releases`). Every change bumps the generation, as a publish does. */
export interface ReleaseStore {
  /**
   * Publishes drafts as the candidate of a new release: the drafts go, what was published stays the base, and the
   * release starts now or is scheduled. `check` sees the state with the candidate in place (and with every other open
   * release's candidate too).
   */
  publishRelease(
    items: (DocRef & { expectedRevision?: number })[],
    opts: Actor & { note: string; rollout: NewRelease },
    check: PublishCheck,
  ): Promise<StoredRelease>;
  /** Releases, newest first (open ones only with `open`). */
  listReleases(filter?: { open?: boolean; limit?: number }): Promise<StoredRelease[]>;
  getRelease(id: string): Promise<StoredRelease | undefined>;
  /** Sets an open release's share. Widening runs `check` (four eyes) on its documents as the change set; narrowing never waits. */
  setReleasePercent(id: string, percent: number, actor: Actor, check: PublishCheck): Promise<StoredRelease>;
  /** The candidate becomes the base: a normal publish of its documents (new versions in their history). */
  completeRelease(
    id: string,
    opts: Actor & { note: string },
    check: PublishCheck,
  ): Promise<{ release: StoredRelease; published: StoredVersion[] }>;
  /** Everyone back to the base, now. Never checked: a rollback must always be possible. */
  rollbackRelease(id: string, opts: Actor & { reason: string }): Promise<StoredRelease>;
  /**
   * Starts scheduled releases whose `startAt` passed and ends open ones whose `endAt` passed. The database decides:
   * each change happens (and is audited) exactly once, whichever replicas ask. Returns the releases it changed.
   */
  advanceReleases(now?: string): Promise<StoredRelease[]>;
  /** The generation, the published versions and the open releases, read as one consistent state. */
  servingState(): Promise<ServingState<StoredVersion & { file: string }>>;
}

/** Who changes a release when nobody clicked: its schedule. */
export const SCHEDULE_ACTOR = 'schedule';

export const newReleaseId = () => `rel-${randomBytes(5).toString('hex')}`;
export const newSeed = () => randomBytes(8).toString('hex');

/** Its status when published now: scheduled when it starts later. */
export const initialStatus = (startAt: string | null, now: string): ReleaseStatus =>
  startAt && startAt > now ? 'scheduled' : 'rolling';

/** The most releases open at once (each in flight is one bit of a borrower's arm mask). */
export const MAX_OPEN_RELEASES = 30;

export function describeRelease(r: Pick<StoredRelease, 'id' | 'status' | 'percent'>) {
  return `release ${r.id} (${r.status}${r.status === 'rolling' ? ` at ${r.percent} %` : ''})`;
}

/** A conflict for a publish or rollback touching a document of an open release, naming the release. */
export function inReleaseError(ref: DocRef, r: Pick<StoredRelease, 'id' | 'status' | 'percent'>): StoreError {
  return conflict(
    `${ref.kind}/${ref.id} is in ${describeRelease(r)}: complete or roll back that release before publishing it otherwise`,
    { release: r.id, kind: ref.kind, id: ref.id },
  );
}

export const notOpenError = (r: Pick<StoredRelease, 'id' | 'status'>) =>
  conflict(`Release ${r.id} is ${r.status}: only a scheduled or rolling release can change`, {
    release: r.id,
    status: r.status,
  });

export const noReleaseError = (id: string) => notFound(`No release ${id}`);

/** A row of `releases` (both stores use the same columns; `guard` is 0/1 in both so config:migrate copies it as is). */
export interface ReleaseRow {
  id: string;
  seed: string;
  status: string;
  percent: number;
  audience: string;
  start_at: string | null;
  end_at: string | null;
  guard: number;
  /** JSON of ReleaseExperiment, or null. */
  experiment: string | null;
  note: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}
export interface ReleaseDocumentRow {
  release_id: string;
  kind: string;
  id: string;
  file: string;
  base_version: number;
  content: string;
  hash: string;
  editors: string;
}

export function toRelease(r: ReleaseRow, docs: ReleaseDocumentRow[]): StoredRelease {
  return {
    id: r.id,
    seed: r.seed,
    status: r.status as ReleaseStatus,
    percent: Number(r.percent),
    audience: JSON.parse(r.audience) as ReleaseAudience,
    startAt: r.start_at,
    endAt: r.end_at,
    guard: !!r.guard,
    experiment: r.experiment ? (JSON.parse(r.experiment) as ReleaseExperiment) : null,
    note: r.note,
    createdAt: r.created_at,
    createdBy: r.created_by,
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
    documents: docs
      .filter((d) => d.release_id === r.id)
      .map((d) => ({
        kind: d.kind,
        id: d.id,
        file: d.file,
        baseVersion: d.base_version,
        content: JSON.parse(d.content),
        hash: d.hash,
        editors: JSON.parse(d.editors),
      })),
  };
}

/** The audit note of a release's start. */
export function releaseSummary(
  r: Pick<StoredRelease, 'percent' | 'audience' | 'startAt' | 'endAt' | 'guard'> & {
    experiment?: ReleaseExperiment | null;
  },
): string {
  const a = r.audience;
  const who = [
    a.markets?.length ? `markets ${a.markets.join(', ')}` : '',
    a.platforms?.length ? `platforms ${a.platforms.join(', ')}` : '',
    a.minVersion ? `version ≥ ${a.minVersion}` : '',
    a.maxVersion ? `version ≤ ${a.maxVersion}` : '',
  ].filter(Boolean);
  return [
    `${r.percent} %`,
    who.length ? who.join(', ') : '',
    r.startAt ? `from ${r.startAt}` : '',
    r.endAt ? `until ${r.endAt}` : '',
    r.guard ? 'guarded' : '',
    r.experiment
      ? `experiment on ${r.experiment.goals.join(', ')}` +
        (r.experiment.guardrails.length ? ` (guardrails ${r.experiment.guardrails.join(', ')})` : '')
      : '',
  ]
    .filter(Boolean)
    .join(', ');
}
