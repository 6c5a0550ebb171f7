/**
 * Tests' borrower page server: the page router over a one-line page template in a folder of its own, behind the
 * backend routes the test adds first (what the first call reaches). Not imported by production code.
 */
import type http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import type { PublishedSnapshot } from '../../published/snapshot.js';
import { rendererRouter } from '../page-router.js';

/** The built app's page template, reduced to what the router fills: title, entry script and root. */
export const PAGE_TEMPLATE =
  '<!doctype html><html lang="id"><head><meta charset="UTF-8" /><title>loading...</title>' +
  '<script type="module" crossorigin src="/assets/main-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

export interface PageServer {
  origin: string;
  close(): void;
}

/** Listens on 127.0.0.1 at an ephemeral port; `snapshot` is read per request, so a test can publish. */
export async function startPageServer(
  snapshot: () => PublishedSnapshot,
  backend: (app: express.Express) => void,
): Promise<PageServer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'page-server-'));
  writeFileSync(join(staticDir, 'index.html'), PAGE_TEMPLATE);
  const app = express();
  backend(app);
  app.use(rendererRouter(staticDir, snapshot, () => {}, { allowedOrigins: [], budgetMs: 5000 }));
  const server: http.Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close() {
      server.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}
