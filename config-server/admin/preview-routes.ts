import { Router, type NextFunction, type Request, type Response } from 'express';
import { publicApiRouter } from '../published/public-api.js';
import { PublishedSnapshot } from '../published/snapshot.js';
import type { ConfigStore } from '../store/config-store.js';

type Doc = Record<string, unknown> & { kind: string; id: string };

/**
 * `/admin/api/preview/*`: the public read API (`bundle`, `screens/:id`, `templates/:templateId`)
 * over the published state with every saved draft laid on top, for the console's phone-frame
 * preview (the renderer in `?sduiPreview=1` mode reads here instead of `/config/v1`). It sits
 * behind the admin router's authentication like every admin route: drafts are never public.
 */
/** Where the preview's own sandbox answers (the admin router is mounted at /admin/api). */
const PREVIEW_SANDBOX = '/admin/api/preview/sandbox';
/** Where the real sandbox is mounted (app.ts): the API map's base in the sandbox set-up. */
const SANDBOX = '/sandbox';

/**
 * `previewSandbox` (optional) makes a sandbox backend whose `channel-template` reads the draft overlay, so a
 * draft landing template shows in the preview. The overlay's API map then points at it (only when it points at
 * this server's sandbox: a real backend cannot see drafts). It sits behind the admin authentication too (the
 * session alone: see auth.ts), with its own sandbox state.
 */
export function previewRouter(
  store: ConfigStore,
  previewSandbox?: (getTemplate: (templateId: string) => unknown) => Promise<Router | undefined>,
) {
  const router = Router();
  let cached: { key: string; snap: PublishedSnapshot } | undefined;
  let sandbox: Promise<Router | undefined> | undefined;
  const sandboxRouter = () =>
    (sandbox ??= previewSandbox ? previewSandbox((id) => cached?.snap.templateDoc(id)) : Promise.resolve(undefined));

  // Every write bumps a document's ETag, so the joined ETags say when the overlay must be rebuilt.
  const refresh = async () => {
    const records = await store.listDocuments();
    const key = records.map((r) => `${r.kind}/${r.id}:${r.etag}`).join('|');
    if (cached?.key !== key) {
      const docs = records
        .map((r) => (r.draft?.content ?? r.published?.content) as Doc | undefined)
        .filter((d): d is Doc => !!d)
        .map((d) =>
          previewSandbox && d.kind === 'api-map' && d.baseUrl === SANDBOX ? { ...d, baseUrl: PREVIEW_SANDBOX } : d,
        );
      cached = { key, snap: new PublishedSnapshot(docs) };
    }
  };

  // Called through a function, not mounted as a sub-router: the OpenAPI description lists the sandbox once, at /sandbox.
  router.use('/preview/sandbox', async (req: Request, res: Response, next: NextFunction) => {
    await refresh();
    const r = await sandboxRouter();
    if (!r) return next();
    r(req, res, next);
  });
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
