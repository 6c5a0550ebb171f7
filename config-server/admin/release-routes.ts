/**
 * Releases in the admin API. A publish with a `rollout` starts one (publish-routes.ts calls
 * `publishRollout`); these routes list them and widen, narrow, complete or roll them back. Four eyes applies to
 * widening and completing as to publishing; narrowing and rolling back never wait for a second person. Every change
 * bumps the store's generation, so it reaches every replica as a publish does (published/sync.ts).
 */
import { Router, type Response } from 'express';
import { HttpError } from '../http/http-error.js';
import { allChecks, fourEyesCheck } from '../validation/publish-checks.js';
import { validStateCheckWith } from '../validation/state-validation.js';
import type { ValidationSettings } from '../validation/validation-types.js';
import type { ConfigStore, DocRef, NewDocument, PublishCheck } from '../store/config-store.js';
import { releaseChanges } from '../store/decisions/release-decisions.js';
import type { NewRelease, StoredRelease } from '../store/release-records.js';
import { ownWords } from './audit-event.js';
import { currentUser, requireRole } from './auth.js';
import { marketRoleCheck, rolesOnMarkets } from './market-role-check.js';
import type { Grant } from '../store/market-role-records.js';
import { percentOf } from './release-input.js';
import { armStats, type ArmStats, type ReleaseStats } from '../releases/release-stats.js';
import { experimentReport, resultsSummary } from '../releases/experiment-report.js';
import { DEFAULT_EXPERIMENT_SETTINGS, type ExperimentSettings } from '../experiments/experiment-settings.js';
import { metricOf, type PublishedMetric } from '../published/snapshot.js';
import { systemClock, type Clock } from '../clock.js';

export type { ArmStats, ReleaseStats };

/** The published markets (an audience may only name these). */
export const marketIds = (published: NewDocument[]) =>
  published
    .filter((d) => d.kind === 'market')
    .map((d) => d.id)
    .sort();

/** How a publish answers about the release it started. */
export const releaseHandle = (r: StoredRelease) => ({
  id: r.id,
  percent: r.percent,
  status: r.status,
  // Only an experiment says so: a release without one answers as it always did.
  ...(r.experiment ? { experiment: r.experiment } : {}),
});

/** The published metric documents as the results judge them. */
const metricsOf = (published: NewDocument[]): Map<string, PublishedMetric> =>
  new Map(
    published
      .filter((d) => d.kind === 'metric')
      .map((d) => [d.id, metricOf(d.id, d.content as Record<string, unknown>)]),
  );

/** `POST /publish` with a rollout: the drafts become the candidate of a new release; what was published stays the base. */
export async function publishRollout(
  store: ConfigStore,
  items: (DocRef & { expectedRevision?: number })[],
  opts: { user: string; note: string; rollout: NewRelease },
  check: PublishCheck,
  onPublished: () => Promise<void>,
) {
  const release = await store.releases.publishRelease(items, opts, check);
  await onPublished();
  return { published: [], release: releaseHandle(release) };
}

/** Every column of the metric catalog with nothing counted yet. */
const EMPTY: ArmStats = armStats({ pageViews: 0, errors: 0 });
/** No telemetry (a router made without a store of it): zeros, the guard's verdict unknown. */
export const noReleaseStats: ReleaseStats = async (r) => ({
  arms: { base: { ...EMPTY }, candidate: { ...EMPTY } },
  verdict: r.guard
    ? { status: 'collecting', message: 'collecting: no telemetry on this server' }
    : { status: 'off', message: 'guard off: this release is rolled back only by hand' },
});

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A text field of the body: absent or a string (trimmed, at most 500 characters); anything else is a 400. */
function text(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > 500)
    throw new HttpError(400, `${field} must be a text of at most 500 characters`, { field });
  return ownWords(v.trim(), field) || undefined;
}

function bodyOf(raw: unknown, allowed: string[]): Record<string, unknown> {
  const body = raw ?? {};
  if (!isObj(body)) throw new HttpError(400, `The body must be a JSON object (${allowed.join(', ')})`);
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length)
    throw new HttpError(400, `Unknown field(s) ${extra.join(', ')}: allowed are ${allowed.join(', ')}`, { allowed });
  return body;
}

export function releaseRouter(
  store: ConfigStore,
  onPublished: () => Promise<void>,
  stats: ReleaseStats = noReleaseStats,
  validation: ValidationSettings = {},
  experimentSettings: ExperimentSettings = DEFAULT_EXPERIMENT_SETTINGS,
  /** Every active user's grants (roles per market): four eyes counts only people with a role on the market. */
  grants?: () => Promise<Grant[]>,
  /** The server's clock: results are judged at its now, as the release's own start was dated by it. */
  clock: Clock = systemClock,
) {
  const validStateCheck = validStateCheckWith(validation);
  const onMarkets = async () => (grants ? rolesOnMarkets(await grants()) : undefined);
  const router = Router();
  const current = async (): Promise<NewDocument[]> =>
    (await store.listPublished()).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));

  /** A release as the API shows it: its documents without their candidate contents (the audit log has the diffs). */
  const view = async (r: StoredRelease) => ({
    id: r.id,
    status: r.status,
    percent: r.percent,
    documents: r.documents.map((d) => ({
      kind: d.kind,
      id: d.id,
      file: d.file,
      baseVersion: d.baseVersion,
      hash: d.hash,
      editors: d.editors,
    })),
    audience: r.audience,
    startAt: r.startAt,
    endAt: r.endAt,
    guard: r.guard,
    ...(r.experiment ? { experiment: r.experiment } : {}),
    seed: r.seed,
    note: r.note,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    updatedAt: r.updatedAt,
    updatedBy: r.updatedBy,
    // Per arm, what borrowers saw on the screens it touches, and the guard's verdict (releases/release-stats.ts).
    ...(await stats(r)),
  });

  /**
   * Narrowing and rolling back change what the release's markets see, like widening: the publisher role on each market
   * of its documents (never four eyes). Its documents never change after it starts, so checking before the write holds.
   */
  const requireReleaseMarkets = async (res: Response, id: string, action: string) => {
    const r = await store.releases.getRelease(id);
    if (!r) return; // the store's 404
    const published = await current();
    marketRoleCheck(currentUser(res), 'publisher', published, action)(releaseChanges(r.documents, published, () => []));
  };

  /** A release's experiment results now (releases/experiment-report.ts); 404 for a release without an experiment. */
  const resultsOf = async (id: string) => {
    const r = await store.releases.getRelease(id);
    if (!r) throw new HttpError(404, `No release ${id}`);
    if (!r.experiment)
      throw new HttpError(404, `Release ${id} has no experiment: publish with an experiment to judge one`, {
        release: id,
      });
    const rows = await store.experiments.experimentCounts(id);
    return experimentReport(r, rows, metricsOf(await current()), experimentSettings, clock.now());
  };
  /** Shipping or stopping an experiment is audited with its figures at that moment. */
  const withFigures = async (id: string, text: string) => {
    const r = await store.releases.getRelease(id);
    return r?.experiment ? `${text}\n${resultsSummary(await resultsOf(id))}` : text;
  };

  router.get('/releases/:id/results', async (req, res) => {
    // The results take no parameter: a `?market=IN` answered with the overall figures would pass them off as India's.
    const [param] = Object.keys(req.query);
    if (param !== undefined)
      throw new HttpError(
        400,
        `${param} is not a parameter of the results: they take none, and answer overall, per market (markets) and per day (days) at once`,
        { field: param },
      );
    res.setHeader('Cache-Control', 'no-store');
    res.json(await resultsOf(req.params.id as string));
  });

  router.get('/releases', async (_req, res) => {
    const list = await store.releases.listReleases({ limit: 200 });
    res.json({ releases: await Promise.all(list.map(view)) });
  });

  /** Widen or narrow: `{ percent }`, the markets' role either way. Widening needs four eyes; narrowing never waits. */
  router.patch('/releases/:id', requireRole('publisher'), async (req, res) => {
    const body = bodyOf(req.body, ['percent']);
    const percent = percentOf(body.percent);
    await requireReleaseMarkets(res, req.params.id as string, 'narrowed or widened');
    const user = currentUser(res).name;
    const r = await store.releases.setReleasePercent(
      req.params.id as string,
      percent,
      { user },
      allChecks(
        marketRoleCheck(currentUser(res), 'publisher', await current(), 'widened'),
        fourEyesCheck(user, await current(), 'publish', await onMarkets()),
      ),
    );
    await onPublished();
    res.json({ release: await view(r) });
  });

  /** The candidate becomes the base for everyone: a normal publish of its documents (versions in their history). */
  router.post('/releases/:id/complete', requireRole('publisher'), async (req, res) => {
    const body = bodyOf(req.body, ['note']);
    const user = currentUser(res).name;
    const id = req.params.id as string;
    const note = await withFigures(id, text(body, 'note') ?? `completed release ${id}`);
    const done = await store.releases.completeRelease(
      id,
      { user, note },
      allChecks(
        marketRoleCheck(currentUser(res), 'publisher', await current()),
        validStateCheck,
        fourEyesCheck(user, await current(), 'publish', await onMarkets()),
      ),
    );
    await onPublished();
    res.json({ release: await view(done.release), published: done.published.map(({ content: _c, ...v }) => v) });
  });

  /** Everyone back to the base, now, audited with the reason. Never waits for a second person; needs the markets' role. */
  router.post('/releases/:id/rollback', requireRole('publisher'), async (req, res) => {
    const body = bodyOf(req.body, ['reason']);
    const user = currentUser(res).name;
    const id = req.params.id as string;
    await requireReleaseMarkets(res, id, 'rolled back');
    const reason = await withFigures(id, text(body, 'reason') ?? `rolled back by ${user}`);
    const r = await store.releases.rollbackRelease(id, { user, reason });
    await onPublished();
    res.json({ release: await view(r) });
  });

  return router;
}
