import { Router } from 'express';
import { HttpError } from '../http-error.js';
import { allChecks, fourEyesCheck, stateErrors, validStateCheck } from '../publish-checks.js';
import type { ConfigStore, DocRef, NewDocument } from '../store/config-store.js';
import { auditFilterOf } from './audit-query.js';
import { currentUser, requireRole } from './auth.js';
import { loadRecord } from './documents-routes.js';
import { expectedRevision } from './preconditions.js';

const key = (r: DocRef) => `${r.kind}\u0000${r.id}`;

function refList(value: unknown, field: string): (DocRef & { etag?: string })[] {
  const ok =
    Array.isArray(value) &&
    value.every((r) => r && typeof r.kind === 'string' && typeof r.id === 'string' && (r.etag === undefined || typeof r.etag === 'string'));
  if (!ok) throw new HttpError(400, `${field} must be a list of {"kind": "...", "id": "..."} (optionally "etag")`);
  return value as (DocRef & { etag?: string })[];
}

/** Validation of the would-be state, publish, rollback and the audit log. */
export function publishRouter(store: ConfigStore, onPublished: () => Promise<void>) {
  const router = Router();
  const current = async (): Promise<NewDocument[]> => (await store.listPublished()).map((v) => ({ kind: v.kind, id: v.id, file: v.file, content: v.content }));

  /** What publishing these drafts (default: every draft) would give; `document` tries an unsaved edit on top. */
  router.post('/validate', async (req, res) => {
    const body = (req.body ?? {}) as { documents?: unknown; document?: unknown };
    const all = await store.listDocuments();
    const wanted = body.documents === undefined ? all.filter((r) => r.draft) : refList(body.documents, 'documents');
    const state = new Map((await current()).map((d) => [key(d), d]));
    for (const ref of wanted) {
      const rec = all.find((r) => r.kind === ref.kind && r.id === ref.id);
      if (!rec) throw new HttpError(404, `No document ${ref.kind}/${ref.id}`);
      if (rec.draft) state.set(key(rec), { kind: rec.kind, id: rec.id, file: rec.file, content: rec.draft.content });
    }
    const doc = body.document as Record<string, unknown> | undefined;
    if (doc !== undefined) {
      if (!doc || typeof doc !== 'object' || typeof doc.kind !== 'string' || typeof doc.id !== 'string') {
        throw new HttpError(400, 'document must be a document object with kind and id');
      }
      const prev = state.get(key(doc as unknown as DocRef)) ?? all.find((r) => r.kind === doc.kind && r.id === doc.id);
      state.set(key(doc as unknown as DocRef), { kind: doc.kind, id: doc.id, file: prev?.file ?? `(unsaved ${doc.kind}/${doc.id})`, content: doc });
    }
    const errors = stateErrors([...state.values()]);
    res.json({ valid: errors.length === 0, checked: wanted.map((r) => ({ kind: r.kind, id: r.id })), errors });
  });

  router.post('/publish', requireRole('publisher'), async (req, res) => {
    const body = (req.body ?? {}) as { documents?: unknown; note?: unknown };
    const refs = refList(body.documents, 'documents');
    if (!refs.length) throw new HttpError(400, 'documents must name at least one draft to publish');
    if (new Set(refs.map(key)).size !== refs.length) throw new HttpError(400, 'documents names the same document twice');
    if (typeof body.note !== 'string' || !body.note.trim()) throw new HttpError(400, 'note is required: say what changes and why');
    const user = currentUser(res).name;
    const items = [];
    for (const r of refs) {
      if (r.etag === undefined) {
        items.push({ kind: r.kind, id: r.id });
        continue;
      }
      const rec = await store.getDocument(r.kind, r.id);
      if (!rec) throw new HttpError(404, `No document ${r.kind}/${r.id}`);
      if (rec.etag !== r.etag) throw new HttpError(412, `${r.kind}/${r.id} changed since you reviewed it: review it again before publishing`, { currentEtag: rec.etag });
      items.push({ kind: r.kind, id: r.id, expectedRevision: rec.revision });
    }
    const versions = await store.publish(items, { user, note: body.note.trim() }, allChecks(validStateCheck, fourEyesCheck(user, await current())));
    await onPublished();
    res.json({ published: versions.map(({ content: _c, ...v }) => v) });
  });

  router.post('/documents/:kind/:id/rollback', requireRole('publisher'), async (req, res) => {
    const rec = await loadRecord(store, req);
    const expected = expectedRevision(req, rec)!;
    const { version, reason } = (req.body ?? {}) as { version?: unknown; reason?: unknown };
    if (!Number.isInteger(version)) throw new HttpError(400, 'version must be the number of the version to restore');
    if (typeof reason !== 'string' || !reason.trim()) throw new HttpError(400, 'reason is required: say why you roll back');
    if (version === rec.published?.version) throw new HttpError(409, `Version ${version} is already the published one`);
    const v = await store.rollback({ kind: rec.kind, id: rec.id, version: version as number, expectedRevision: expected }, { user: currentUser(res).name, reason: reason.trim() }, validStateCheck);
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
