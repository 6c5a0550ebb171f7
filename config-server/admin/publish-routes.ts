import { createHash } from 'node:crypto';
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { HttpError } from '../http/http-error.js';
import { allChecks, fourEyesCheck, type StateError } from '../validation/publish-checks.js';
import { validStateCheckWith } from '../validation/state-validation.js';
import { acceptWarningsOf, copyPublishCheck } from '../validation/copy/copy-publish-check.js';
import type { ValidationSettings } from '../validation/validation-types.js';
import type { ConfigStore, DocRef, NewDocument } from '../store/config-store.js';
import { validateOffThread } from '../validation/validation-worker.js';
import { ownWords } from './audit-event.js';
import { auditFilterOf } from './audit-query.js';
import { currentUser, requireRole } from './auth.js';
import { marketRoleCheck, rolesOnMarkets } from './market-role-check.js';
import type { Grant } from '../store/market-role-records.js';
import { loadRecord } from './documents-routes.js';
import { expectedRevision } from './preconditions.js';
import { rolloutOf } from './release-input.js';
import { experimentOf, metricIds } from './experiment-input.js';
import { marketIds, publishRollout } from './release-routes.js';
import { systemClock, type Clock } from '../clock.js';

const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;

function refList(value: unknown, field: string): (DocRef & { etag?: string })[] {
  const ok =
    Array.isArray(value) &&
    value.every(
      (r) =>
        r &&
        typeof r.kind === 'string' &&
        typeof r.id === 'string' &&
        (r.etag === undefined || typeof r.etag === 'string'),
    );
  if (!ok) throw new HttpError(400, `${field} must be a list of {"kind": "...", "id": "..."} (optionally "etag")`);
  return value as (DocRef & { etag?: string })[];
}

export interface ValidateLimit {
  windowMs: number;
  /** Calls of POST /validate per user and window. */
  limit: number;
}

export const DEFAULT_VALIDATE_LIMIT: ValidateLimit = { windowMs: 60_000, limit: 30 };

/**
 * Results of recent validations by what was validated (each document's file and content hash, plus an unsaved
 * document), so the same state asked again (the console re-checking, parallel calls) costs nothing. In flight
 * ones too: parallel identical calls share one run.
 */
class ValidationCache {
  private readonly results = new Map<string, Promise<StateError[]>>();
  constructor(private readonly size = 32) {}

  get(key: string, run: () => Promise<StateError[]>): Promise<StateError[]> {
    let p = this.results.get(key);
    if (p) {
      // Most recently used last: the first key is the one to drop.
      this.results.delete(key);
    } else {
      p = run();
      p.catch(() => this.results.delete(key));
    }
    this.results.set(key, p);
    if (this.results.size > this.size) this.results.delete(this.results.keys().next().value!);
    return p;
  }
}

/** Validation of the would-be state, publish, rollback and the audit log. */
export function publishRouter(
  store: ConfigStore,
  onPublished: () => Promise<void>,
  validateLimit: ValidateLimit = DEFAULT_VALIDATE_LIMIT,
  validation: ValidationSettings = {},
  clock: Clock = systemClock,
  /** Every active user's grants (roles per market): four eyes counts only people with a role on the market. */
  grants?: () => Promise<Grant[]>,
) {
  const router = Router();
  const validStateCheck = validStateCheckWith(validation);
  const current = async (): Promise<NewDocument[]> =>
    (await store.listPublished()).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));
  const cache = new ValidationCache();
  // Per user (every replica counts its own): a viewer looping on validate cannot keep the worker busy for everyone.
  const perUser = rateLimit({
    windowMs: validateLimit.windowMs,
    limit: validateLimit.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'validate',
    keyGenerator: (_req, res) => currentUser(res).name,
    handler: (_req, _res, next) =>
      next(
        new HttpError(
          429,
          `Too many validations: at most ${validateLimit.limit} per ${Math.ceil(validateLimit.windowMs / 1000)} s per user; try again shortly`,
        ),
      ),
  });

  /**
   * What publishing these drafts (default: every draft) would give; `document` tries an unsaved edit on top.
   * The check itself runs on a worker thread (validation-worker.ts), never on the event loop.
   */
  router.post('/validate', perUser, async (req, res) => {
    const body = (req.body ?? {}) as { documents?: unknown; document?: unknown };
    const all = await store.listDocuments();
    const wanted = body.documents === undefined ? all.filter((r) => r.draft) : refList(body.documents, 'documents');
    // The state as published (content hashes from the records: the cache key costs no serialisation)...
    const state = new Map<string, NewDocument & { hash: string }>();
    for (const r of all)
      if (r.published)
        state.set(key(r), {
          kind: r.kind,
          id: r.id,
          file: r.file,
          content: r.published.content,
          hash: r.published.hash,
        });
    // ...with the wanted drafts on top.
    for (const ref of wanted) {
      const rec = all.find((r) => r.kind === ref.kind && r.id === ref.id);
      if (!rec) throw new HttpError(404, `No document ${ref.kind}/${ref.id}`);
      if (rec.draft)
        state.set(key(rec), {
          kind: rec.kind,
          id: rec.id,
          file: rec.file,
          content: rec.draft.content,
          hash: rec.draft.hash,
        });
    }
    const doc = body.document as Record<string, unknown> | undefined;
    if (doc !== undefined) {
      if (!doc || typeof doc !== 'object' || typeof doc.kind !== 'string' || typeof doc.id !== 'string') {
        throw new HttpError(400, 'document must be a document object with kind and id');
      }
      const prev = state.get(key(doc as unknown as DocRef)) ?? all.find((r) => r.kind === doc.kind && r.id === doc.id);
      const text = JSON.stringify(doc);
      state.set(key(doc as unknown as DocRef), {
        kind: doc.kind,
        id: doc.id,
        file: prev?.file ?? `(unsaved ${doc.kind}/${doc.id})`,
        content: doc,
        hash: createHash('sha256').update(text).digest('hex'),
      });
    }
    const docs = [...state.values()];
    const cacheKey = createHash('sha256')
      .update(
        docs
          .map((d) => `${d.kind}\u0000${d.id}\u0000${d.file}\u0000${d.hash}`)
          .sort()
          .join('\n'),
      )
      .digest('hex');
    const errors = await cache.get(cacheKey, () =>
      validateOffThread(
        docs.map(({ hash: _h, ...d }) => d),
        validation,
      ),
    );
    res.json({ valid: errors.length === 0, checked: wanted.map((r) => ({ kind: r.kind, id: r.id })), errors });
  });

  router.post('/publish', requireRole('publisher'), async (req, res) => {
    const body = (req.body ?? {}) as {
      documents?: unknown;
      note?: unknown;
      rollout?: unknown;
      experiment?: unknown;
      acceptWarnings?: unknown;
    };
    const refs = refList(body.documents, 'documents');
    if (!refs.length) throw new HttpError(400, 'documents must name at least one draft to publish');
    if (new Set(refs.map(key)).size !== refs.length)
      throw new HttpError(400, 'documents names the same document twice');
    if (typeof body.note !== 'string' || !body.note.trim())
      throw new HttpError(400, 'note is required: say what changes and why');
    const accepted = acceptWarningsOf(body.acceptWarnings);
    // The reason a publisher accepted copy warnings is kept where every publish is explained.
    const note =
      ownWords(body.note.trim(), 'note') +
      (accepted ? `\nCopy warnings accepted: ${ownWords(accepted.reason, 'acceptWarnings.reason')}` : '');
    const user = currentUser(res).name;
    // With a rollout the drafts become a release's candidate, served to a share of borrowers first.
    const rollout =
      body.rollout === undefined || body.rollout === null
        ? undefined
        : rolloutOf(body.rollout, marketIds(await current()), clock.now());
    // An experiment judges a release: it needs one (a share of borrowers in each arm).
    if (body.experiment !== undefined && body.experiment !== null) {
      if (!rollout)
        throw new HttpError(400, 'experiment needs a rollout: { percent } below 100, the rest stays the base', {
          field: 'experiment',
        });
      if (rollout.percent >= 100)
        throw new HttpError(400, 'rollout.percent must be below 100 for an experiment: the base arm needs borrowers', {
          field: 'rollout.percent',
        });
      rollout.experiment = experimentOf(body.experiment, metricIds(await current()));
    }
    const items = [];
    for (const r of refs) {
      if (r.etag === undefined) {
        items.push({ kind: r.kind, id: r.id });
        continue;
      }
      const rec = await store.getDocument(r.kind, r.id);
      if (!rec) throw new HttpError(404, `No document ${r.kind}/${r.id}`);
      if (rec.etag !== r.etag)
        throw new HttpError(412, `${r.kind}/${r.id} changed since you reviewed it: review it again before publishing`, {
          currentEtag: rec.etag,
        });
      items.push({ kind: r.kind, id: r.id, expectedRevision: rec.revision });
    }
    const docs = await current();
    const onMarket = grants ? rolesOnMarkets(await grants()) : undefined;
    const check = allChecks(
      marketRoleCheck(currentUser(res), 'publisher', docs),
      validStateCheck,
      copyPublishCheck(accepted),
      fourEyesCheck(user, docs, 'publish', onMarket),
    );
    if (rollout) return void res.json(await publishRollout(store, items, { user, note, rollout }, check, onPublished));
    const versions = await store.publish(items, { user, note }, check);
    await onPublished();
    res.json({ published: versions.map(({ content: _c, ...v }) => v) });
  });

  router.post('/documents/:kind/:id/rollback', requireRole('publisher'), async (req, res) => {
    const rec = await loadRecord(store, req);
    const expected = expectedRevision(req, rec)!;
    const { version, reason } = (req.body ?? {}) as { version?: unknown; reason?: unknown };
    // Bounded as the database's version column is (a larger number would fail there as a 500).
    if (!Number.isInteger(version) || (version as number) < 1 || (version as number) >= 2 ** 31)
      throw new HttpError(400, 'version must be the number of the version to restore', { field: 'version' });
    if (typeof reason !== 'string' || !reason.trim())
      throw new HttpError(400, 'reason is required: say why you roll back');
    if (version === rec.published?.version) throw new HttpError(409, `Version ${version} is already the published one`);
    const user = currentUser(res).name;
    // A rollback publishes an old version: the same checks as a publish, four eyes included.
    const docs = await current();
    const onMarket = grants ? rolesOnMarkets(await grants()) : undefined;
    const check = allChecks(
      marketRoleCheck(currentUser(res), 'publisher', docs, 'rolled back'),
      validStateCheck,
      fourEyesCheck(user, docs, 'rollback', onMarket),
    );
    const v = await store.rollback(
      { kind: rec.kind, id: rec.id, version: version as number, expectedRevision: expected },
      { user, reason: ownWords(reason.trim(), 'reason') },
      check,
    );
    await onPublished();
    const after = (await store.getDocument(rec.kind, rec.id))!;
    res.setHeader('ETag', after.etag);
    res.json({ published: (({ content: _c, ...rest }) => rest)(v), etag: after.etag });
  });

  router.get('/audit', async (req, res) => {
    res.json({ entries: await store.audit(auditFilterOf(req.query)) });
  });

  return router;
}
