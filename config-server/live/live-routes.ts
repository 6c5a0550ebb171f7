/**
 * The two stream routes (summed up in README.md):
 * `GET /config/v1/live` for borrowers' pages and `GET /admin/api/live` for the console. Mounted before `compression`
 * (app.ts): a compressed event stream would sit in the compressor's buffer instead of reaching the page.
 */
import { Router, type Request, type RequestHandler } from 'express';
import { HttpError } from '../http/http-error.js';
import type { LiveHub, PageHas } from './live-hub.js';
import type { StreamQuota, StreamRefusal } from './stream-quota.js';
import { bundleQuery, queryParam } from '../published/bundle-query.js';
import { bundleLiveKey } from './change-log.js';

/** An ETag is a short quoted token; anything longer is not one the config API sent. */
const MAX_ETAG = 128;

/**
 * The bundle the page runs with (`bundleEtag`, for `locale`'s text set): a first stream tells the page at once when
 * it is not the current one, so a publish between the page's load and its stream's start is not missed.
 */
function pageBundle(market: string, locale: string | undefined, etag: string | undefined): PageHas | undefined {
  if (etag === undefined) return undefined;
  if (!etag || etag.length > MAX_ETAG)
    throw new HttpError(400, `Query parameter bundleEtag must be the bundle's ETag, 1-${MAX_ETAG} characters`, {
      param: 'bundleEtag',
    });
  return { key: bundleLiveKey(market, locale), etag };
}

/** A `Last-Event-ID`'s generation: `42`, or `42.r1` (a release event of generation 42 whose `published` is still due). */
export function resumeFrom(header: string | undefined): number | undefined {
  const m = /^\s*([0-9]{1,15})(?:\.r([0-9]{1,4}))?\s*$/.exec(header ?? '');
  if (!m) return undefined;
  const gen = Number(m[1]);
  return m[2] === undefined ? gen : gen - 1;
}

const REFUSALS: Record<StreamRefusal, { status: number; message: string; limit: string }> = {
  'borrowers-full': {
    status: 503,
    message: 'This replica holds all the live streams it may: keep revalidating, and try again later',
    limit: 'LIVE_MAX_STREAMS',
  },
  'address-full': {
    status: 429,
    message: 'Your address holds its share of the live streams: keep revalidating, and try again later',
    limit: 'LIVE_ADDRESS_SHARE',
  },
  'consoles-full': {
    status: 503,
    message: 'This replica holds all the console streams it may: reload later',
    limit: 'LIVE_MAX_CONSOLE_STREAMS',
  },
};

/**
 * A slot for one more stream of `kind` from `req.ip` (the TCP peer, or what TRUST_PROXY's proxies say), or a 503/429
 * with Retry-After: shutting down, a cap reached, or the address's share taken. The slot is given back on close.
 */
function takeSlot(hub: LiveHub, quota: StreamQuota, retryMs: number, kind: 'borrower' | 'console', req: Request) {
  const retryAfter = { 'Retry-After': String(Math.ceil(retryMs / 1000)) };
  const slot: ReturnType<StreamQuota['take']> = hub.hasRoom() ? quota.take(kind, req.ip ?? '') : 'borrowers-full';
  if (typeof slot === 'function') return slot;
  const r = REFUSALS[slot];
  throw new HttpError(r.status, r.message, { limit: r.limit }, retryAfter);
}

/** `GET /config/v1/live?market=ID[&locale=en-IN][&bundleEtag="…"]&<common params>`. */
export function borrowerLiveRoute(hub: LiveHub, quota: StreamQuota, retryMs: number): Router {
  const router = Router();
  router.get('/config/v1/live', (req, res) => {
    const snap = hub.snapshot();
    const { market, locale } = bundleQuery(snap, req.query as Record<string, unknown>);
    const has = pageBundle(market, locale, queryParam(req.query.bundleEtag, 'bundleEtag'));
    if (!hub.isLive(market)) {
      // The market is kept on revalidation (its `live: false`): EventSource does not reconnect after a 204.
      res.setHeader('Cache-Control', 'no-store');
      res.status(204).end();
      return;
    }
    const release = takeSlot(hub, quota, retryMs, 'borrower', req);
    res.on('close', release);
    const sse = hub.newStream(res);
    const remove = hub.addBorrower(
      sse,
      market,
      req.query as Record<string, unknown>,
      resumeFrom(req.get('last-event-id')),
      has,
    );
    req.socket.setNoDelay(true);
    res.on('close', remove);
  });
  return router;
}

/** `GET /admin/api/live`, behind `authed` (the admin session check and the viewer role). */
export function consoleLiveRoute(hub: LiveHub, quota: StreamQuota, retryMs: number, authed: RequestHandler[]): Router {
  const router = Router();
  router.get('/admin/api/live', ...authed, (req, res) => {
    res.on('close', takeSlot(hub, quota, retryMs, 'console', req));
    const sse = hub.newStream(res);
    const remove = hub.addConsole(sse);
    res.on('close', remove);
  });
  return router;
}
