/**
 * `POST /config/v1/conversions`: the backend reports, server to server, what borrowers did (registered, confirmed a
 * loan, repaid, complained), as `{ "events": [{ "id", "metric", "deviceId", "at" }] }` with `Authorization: Bearer
 * <key>` (conversion-keys.ts). The key is checked before the body is read: 401 without a valid one. A malformed body
 * is a 400 naming the field (conversion-input.ts); a store that is down a 503 the backend retries (events are
 * idempotent by id). Each event counts once per borrower and metric for every release with an experiment on that
 * metric, only when the borrower was exposed before it and within the metric's window (store/decisions/
 * conversion-decision.ts). Answers `{ accepted, duplicates, counted }`.
 */
import { Router, type RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../http/json-body.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { ExperimentStore } from '../store/experiment-records.js';
import { conversionEventsOf } from './conversion-input.js';
import type { ConversionKeys } from './conversion-keys.js';

/** 1,000 events of long ids fit (about 300 bytes each at most). */
const BODY_LIMIT = '512kb';

export interface ConversionRouteOptions {
  snapshot: () => PublishedSnapshot;
  store: Pick<ExperimentStore, 'addConversions'>;
  keys: ConversionKeys;
  now?: () => number;
}

export function conversionRouter(o: ConversionRouteOptions) {
  const router = Router();
  const now = o.now ?? Date.now;
  const authorised: RequestHandler = (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!o.keys.verify(req.get('authorization'))) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="conversions"');
      throw new HttpError(401, 'A conversion key is needed: Authorization: Bearer <one of CONVERSION_KEYS>');
    }
    next();
  };
  router.post('/conversions', authorised, jsonBody({ limit: BODY_LIMIT, maxDepth: 4 }), async (req, res) => {
    if (!req.is('application/json'))
      throw new HttpError(415, 'Send the events as JSON (Content-Type: application/json)', { field: 'body' });
    const snap = o.snapshot();
    const t = now();
    const events = conversionEventsOf(req.body, [...snap.metrics.keys()], t);
    const windows = new Map([...snap.metrics.values()].map((m) => [m.id, m.windowHours]));
    res.json(await o.store.addConversions(events, 'backend', windows, t));
  });
  return router;
}
