import { Router } from 'express';
import { publicApiRouter } from '../public-api.js';
import { PublishedSnapshot } from '../published-snapshot.js';
import type { ConfigStore } from '../store/config-store.js';

type Doc = Record<string, unknown> & { kind: string; id: string };

/**
 * `/admin/api/preview/*`: the public read API (`bundle`, `screens/:id`, `templates/:templateId`)
 * over the published state with every saved draft laid on top, for the console's phone-frame
 * preview (the renderer in `?sduiPreview=1` mode reads here instead of `/config/v1`). It sits
 * behind the admin router's authentication like every admin route: drafts are never public.
 */
export function previewRouter(store: ConfigStore) {
  const router = Router();
  let cached: { key: string; snap: PublishedSnapshot } | undefined;

  // Every write bumps a document's ETag, so the joined ETags say when the overlay must be rebuilt.
  const refresh = async () => {
    const records = await store.listDocuments();
    const key = records.map((r) => `${r.kind}/${r.id}:${r.etag}`).join('|');
    if (cached?.key !== key) {
      const docs = records.map((r) => (r.draft?.content ?? r.published?.content) as Doc | undefined).filter((d): d is Doc => !!d);
      cached = { key, snap: new PublishedSnapshot(docs) };
    }
  };

  router.use(
    '/preview',
    async (_req, _res, next) => {
      // The store is asynchronous and the read API synchronous: bring the overlay up to date first.
      await refresh();
      next();
    },
    (_req, res, next) => {
      // Drafts change under the editor's hands: a preview response must never be reused from a cache.
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name: string, value: number | string | readonly string[]) =>
        name.toLowerCase() === 'cache-control' ? setHeader(name, 'no-store') : setHeader(name, value);
      next();
    },
    publicApiRouter(() => cached!.snap),
  );
  return router;
}
