/**
 * Four eyes per document: a second publisher approves one document as reviewed, by its ETag, so its own
 * drafter (or a publisher rolling it back) may publish it alone. The approval counts only while the document keeps that
 * ETag and only for someone else's publish (publish-checks.ts); the store audits it.
 */
import { Router } from 'express';
import { HttpError } from '../http/http-error.js';
import { parseEtags } from '../http/conditional.js';
import type { ConfigStore } from '../store/config-store.js';
import { currentUser, requireRole } from './auth.js';
import { requireDocumentRole } from './market-access.js';

type Doc = Record<string, unknown>;
import { loadRecord } from './documents-routes.js';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** `{ etag?, version? }`: what the approver reviewed. Anything else is a 400 naming the field. */
function approvalBody(raw: unknown): { etag?: string; version: number | null } {
  const body = raw ?? {};
  if (!isObj(body)) throw new HttpError(400, 'The body must be a JSON object ({"etag": "...", "version": n})');
  const extra = Object.keys(body).filter((k) => k !== 'etag' && k !== 'version');
  if (extra.length)
    throw new HttpError(400, `Unknown field(s) ${extra.join(', ')}: allowed are etag, version`, { field: extra[0] });
  if (body.etag !== undefined && (typeof body.etag !== 'string' || !body.etag || body.etag.length > 200)) {
    throw new HttpError(400, 'etag must be the ETag of the document as you reviewed it', { field: 'etag' });
  }
  const v = body.version;
  if (v !== undefined && v !== null && !(Number.isInteger(v) && (v as number) >= 1 && (v as number) < 2 ** 31)) {
    throw new HttpError(
      400,
      'version must be the number of the version a rollback restores (leave it out to approve the draft)',
      { field: 'version' },
    );
  }
  return { etag: body.etag as string | undefined, version: (v as number | undefined) ?? null };
}

export function approvalRouter(store: ConfigStore) {
  const router = Router();

  router.post('/documents/:kind/:id/approve', requireRole('publisher'), async (req, res) => {
    const rec = await loadRecord(store, req);
    const body = approvalBody(req.body);
    const header = parseEtags(req.get('if-match'));
    if (header.length > 1 || header.includes('*'))
      throw new HttpError(400, 'If-Match must name the one ETag you reviewed', { field: 'If-Match' });
    if (header.length && body.etag && header[0] !== body.etag)
      throw new HttpError(400, 'If-Match and etag name different ETags: send the one you reviewed', { field: 'etag' });
    const etag = header[0] ?? body.etag;
    if (!etag) {
      throw new HttpError(428, `Approving ${rec.kind}/${rec.id} needs the ETag you reviewed (If-Match or "etag")`, {
        currentEtag: rec.etag,
      });
    }
    const user = currentUser(res).name;
    const markets = (await store.listPublished()).filter((d) => d.kind === 'market').map((d) => d.content as Doc);
    const sides = [rec.published?.content, rec.draft?.content].filter((c) => c !== undefined);
    requireDocumentRole(currentUser(res), 'publisher', rec.kind, rec.id, sides, markets);
    // An approval by who saved the current draft would never count (the saver already vouches for that text, and
    // nobody approves their own publish): say so instead of storing it.
    if (body.version === null && etag === rec.etag && rec.draft && rec.draft.updatedBy === user) {
      throw new HttpError(
        403,
        `You (${user}) saved the current draft of ${rec.kind}/${rec.id}: a second person must approve it`,
        { field: 'user' },
      );
    }
    const approval = await store.approve({ kind: rec.kind, id: rec.id, etag, version: body.version }, { user });
    res.json({ approval });
  });

  return router;
}
