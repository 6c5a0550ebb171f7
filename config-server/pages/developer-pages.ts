/**
 * Developer pages off in production: `/gallery` (every widget with sample data) and `/testPreview` (every
 * flow's links with hand-typed device params) are tools, not product. A screen published from
 * `screens/pages/developer/` is one; with `DEV_PAGES` off (the default when NODE_ENV=production) the published snapshot
 * leaves such screens out (so `/config/v1/screens/<id>` is the usual 404) and `hiddenPagesGate` answers 404 for a
 * page whose route leads to a screen the snapshot does not serve, instead of drawing an empty page.
 */
import type { RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import type { PublishedSnapshot } from '../published/snapshot.js';

export const DEVELOPER_FOLDER = 'screens/pages/developer/';

/** Whether a published document is a developer page (by the repository folder it was published from). */
export const isDeveloperPage = (doc: { kind: string; file: string }) =>
  doc.kind === 'screen' && doc.file.startsWith(DEVELOPER_FOLDER);

/** 404 for GET/HEAD of a page whose route names a screen that is not served (only hidden ones: validation sees to that). */
export function hiddenPagesGate(snapshot: () => PublishedSnapshot): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const snap = snapshot();
    const id = snap.screenIdForPath(req.path);
    if (id && !snap.screen(id)) throw new HttpError(404, `No such page: ${req.path}`);
    next();
  };
}
