/**
 * The two stream routes (issue 47, contract: /work/briefs/live-contract.md, summed up in README.md):
 * `GET /config/v1/live` for borrowers' pages and `GET /admin/api/live` for the console. Mounted before `compression`
 * (app.ts): a compressed event stream would sit in the compressor's buffer instead of reaching the page.
 */
import { Router, type RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import type { LiveHub } from './live-hub.js';

/** A `Last-Event-ID`'s generation: `42`, or `42.r1` (a release event of generation 42 whose `published` is still due). */
export function resumeFrom(header: string | undefined): number | undefined {
  const m = /^\s*([0-9]{1,15})(?:\.r([0-9]{1,4}))?\s*$/.exec(header ?? '');
  if (!m) return undefined;
  const gen = Number(m[1]);
  return m[2] === undefined ? gen : gen - 1;
}

function refuseWhenFull(hub: LiveHub, retryMs: number) {
  if (!hub.hasRoom())
    throw new HttpError(
      503,
      'This replica holds all the live streams it may: keep revalidating, and try again later',
      { limit: 'LIVE_MAX_STREAMS' },
      { 'Retry-After': String(Math.ceil(retryMs / 1000)) },
    );
}

/** `GET /config/v1/live?market=ID&<common params>`. */
export function borrowerLiveRoute(hub: LiveHub, retryMs: number): Router {
  const router = Router();
  router.get('/config/v1/live', (req, res) => {
    const snap = hub.snapshot();
    const market = req.query.market;
    if (typeof market !== 'string' || !market)
      throw new HttpError(400, `Query parameter market is required, once: one of ${snap.markets.join(', ')}`, {
        param: 'market',
        allowed: snap.markets,
      });
    if (!snap.markets.includes(market))
      throw new HttpError(
        400,
        `Unknown market '${market}' in query parameter market: use one of ${snap.markets.join(', ')}`,
        {
          param: 'market',
          allowed: snap.markets,
        },
      );
    if (!hub.isLive(market)) {
      // The market is kept on revalidation (its `live: false`): EventSource does not reconnect after a 204.
      res.setHeader('Cache-Control', 'no-store');
      res.status(204).end();
      return;
    }
    refuseWhenFull(hub, retryMs);
    const sse = hub.newStream(res);
    const remove = hub.addBorrower(
      sse,
      market,
      req.query as Record<string, unknown>,
      resumeFrom(req.get('last-event-id')),
    );
    req.socket.setNoDelay(true);
    res.on('close', remove);
  });
  return router;
}

/** `GET /admin/api/live`, behind `authed` (the admin session check and the viewer role). */
export function consoleLiveRoute(hub: LiveHub, retryMs: number, authed: RequestHandler[]): Router {
  const router = Router();
  router.get('/admin/api/live', ...authed, (_req, res) => {
    refuseWhenFull(hub, retryMs);
    const sse = hub.newStream(res);
    const remove = hub.addConsole(sse);
    res.on('close', remove);
  });
  return router;
}
