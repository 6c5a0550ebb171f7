import { Router, type Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { jsonDiff } from '../store/json-diff.js';
import {
  defaultFileFor,
  isKnownKind,
  knownKinds,
  localeOf,
  marketsOf,
  schemaErrors,
} from '../validation/document-rules.js';
import type { Approval, ConfigStore, DocumentRecord } from '../store/config-store.js';
import { requireRole, currentUser } from './auth.js';
import { requireDocumentRole } from './market-access.js';
import { draftCopyFindings } from './copy-routes.js';
import { expectedRevision } from './preconditions.js';

type Doc = Record<string, unknown>;

const param = (req: Request, name: string) => String(req.params[name]);

function knownKind(req: Request): string {
  const kind = param(req, 'kind');
  if (!isKnownKind(kind))
    throw new HttpError(404, `Unknown document kind '${kind}': use one of ${knownKinds().join(', ')}`);
  return kind;
}

export async function loadRecord(store: ConfigStore, req: Request): Promise<DocumentRecord> {
  const rec = await store.getDocument(knownKind(req), param(req, 'id'));
  if (!rec) throw new HttpError(404, `No document ${param(req, 'kind')}/${param(req, 'id')}`);
  return rec;
}

/** A row of the list; `approvals`: those of the document's current ETag (four eyes), without the ETag they name. */
function summary(r: DocumentRecord, markets: Doc[], approvals: Approval[]) {
  const content = r.draft?.content ?? r.published?.content;
  return {
    kind: r.kind,
    id: r.id,
    file: r.file,
    etag: r.etag,
    markets: marketsOf(r.kind, content, markets),
    locale: localeOf(r.kind, content) ?? null,
    publishedVersion: r.published?.version ?? null,
    publishedAt: r.published?.createdAt ?? null,
    publishedBy: r.published?.createdBy ?? null,
    hasDraft: !!r.draft,
    draftUpdatedAt: r.draft?.updatedAt ?? null,
    draftUpdatedBy: r.draft?.updatedBy ?? null,
    editors: r.draft?.editors ?? [],
    approvals: approvals
      .filter((a) => a.kind === r.kind && a.id === r.id)
      .map(({ approver, version, at }) => ({ approver, version, at })),
  };
}

/** Content of one side of a diff: `published`, `draft` or a version number. */
async function side(store: ConfigStore, rec: DocumentRecord, which: string): Promise<unknown> {
  if (which === 'published') return rec.published?.content ?? null;
  if (which === 'draft') return rec.draft?.content ?? rec.published?.content ?? null;
  const v = /^[0-9]+$/.test(which) ? await store.getVersion(rec.kind, rec.id, Number(which)) : undefined;
  if (!v)
    throw new HttpError(
      400,
      `Diff side '${which}' must be published, draft or an existing version number of ${rec.kind}/${rec.id}`,
    );
  return v.content;
}

/** Reading and editing drafts. Every route here sits behind `authenticate`. */
export function documentsRouter(store: ConfigStore) {
  const router = Router();
  const publishedMarkets = async () =>
    (await store.listPublished()).filter((d) => d.kind === 'market').map((d) => d.content as Doc);

  router.get('/documents', async (req, res) => {
    const { kind, market, locale } = req.query;
    const markets = await publishedMarkets();
    const approvals = await store.approvals();
    let list = (await store.listDocuments()).map((r) => summary(r, markets, approvals));
    if (typeof kind === 'string' && kind) list = list.filter((d) => d.kind === kind);
    if (typeof market === 'string' && market) list = list.filter((d) => d.markets.includes(market));
    if (typeof locale === 'string' && locale) list = list.filter((d) => d.locale === locale);
    res.json({ kinds: knownKinds(), documents: list });
  });

  router.get('/documents/:kind/:id', async (req, res) => {
    const rec = await loadRecord(store, req);
    res.setHeader('ETag', rec.etag);
    res.setHeader('Cache-Control', 'no-store');
    res.json(rec);
  });

  router.put('/documents/:kind/:id/draft', requireRole('editor'), async (req, res) => {
    const kind = knownKind(req);
    const id = param(req, 'id');
    const current = await store.getDocument(kind, id);
    const expected = expectedRevision(req, current);
    const doc = req.body as unknown;
    const errors =
      !doc || typeof doc !== 'object' || Array.isArray(doc)
        ? [{ instancePath: '', message: 'the body must be the document, a JSON object' }]
        : [
            ...((doc as Doc).kind !== kind
              ? [{ instancePath: '/kind', message: `must be '${kind}' (the kind in the URL)` }]
              : []),
            ...((doc as Doc).id !== id
              ? [{ instancePath: '/id', message: `must be '${id}' (the id in the URL)` }]
              : []),
            ...schemaErrors(kind, doc),
          ];
    if (errors.length)
      throw new HttpError(422, `The draft of ${kind}/${id} was not saved: ${errors.length} schema error(s)`, {
        errors,
      });
    // Roles per market: a market's own documents need the editor role for it; shared ones a global one. The draft being
    // replaced counts too: another market's draft (never published, say) is not taken over by moving it to one's own.
    requireDocumentRole(
      currentUser(res),
      'editor',
      kind,
      id,
      [current?.published?.content, current?.draft?.content, doc].filter((c) => c !== undefined),
      await publishedMarkets(),
    );
    const rec = await store.saveDraft(
      { kind, id, file: current?.file ?? defaultFileFor(kind, id), content: doc },
      expected,
      { user: currentUser(res).name },
    );
    res.setHeader('ETag', rec.etag);
    // A text set's save answers with its copy findings, so the table marks them without another call.
    const locale = kind === 'text-set' ? localeOf(kind, doc) : undefined;
    const findings = locale ? { findings: await draftCopyFindings(store, [locale]) } : {};
    res.status(current ? 200 : 201).json({ ...rec, ...findings });
  });

  router.delete('/documents/:kind/:id/draft', requireRole('editor'), async (req, res) => {
    const rec = await loadRecord(store, req);
    const expected = expectedRevision(req, rec)!;
    const sides = [rec.published?.content, rec.draft?.content].filter((c) => c !== undefined);
    requireDocumentRole(currentUser(res), 'editor', rec.kind, rec.id, sides, await publishedMarkets());
    const after = await store.discardDraft(rec, expected, { user: currentUser(res).name });
    if (after.etag !== '""') res.setHeader('ETag', after.etag);
    res.json(after);
  });

  router.get('/documents/:kind/:id/diff', async (req, res) => {
    const rec = await loadRecord(store, req);
    const from = typeof req.query.from === 'string' ? req.query.from : 'published';
    const to = typeof req.query.to === 'string' ? req.query.to : 'draft';
    const a = await side(store, rec, from);
    const b = await side(store, rec, to);
    res.json({ kind: rec.kind, id: rec.id, from, to, patch: jsonDiff(a, b) });
  });

  router.get('/documents/:kind/:id/history', async (req, res) => {
    const rec = await loadRecord(store, req);
    const versions = (await store.history(rec.kind, rec.id)).map(({ content: _content, ...v }) => ({
      ...v,
      published: v.version === rec.published?.version,
    }));
    res.json({ kind: rec.kind, id: rec.id, etag: rec.etag, versions });
  });

  router.get('/documents/:kind/:id/versions/:version', async (req, res) => {
    const rec = await loadRecord(store, req);
    const v = await store.getVersion(rec.kind, rec.id, Number(param(req, 'version')));
    if (!v) throw new HttpError(404, `${rec.kind}/${rec.id} has no version ${param(req, 'version')}`);
    res.json(v);
  });

  return router;
}
