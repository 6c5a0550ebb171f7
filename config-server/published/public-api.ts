import { Router } from 'express';
import { HttpError } from '../http/http-error.js';
import { notFoundJson } from '../http/error-middleware.js';
import { sendEntry } from '../http/conditional.js';
import type { PublishedSnapshot } from './snapshot.js';
import { borrowerParams, type Who } from '../releases/borrower-params.js';
import type { ViewTickets } from '../releases/view-ticket.js';

function queryParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new HttpError(400, `Query parameter ${name} must be given once, as a plain string`, { param: name });
  return value;
}

/** Who the borrower is, from the request's common params (read only when a release is in flight for the body). */
const whoOf = (snap: PublishedSnapshot, query: Record<string, unknown>) => (): Who =>
  borrowerParams(snap.arms!.names, query);

/**
 * The borrower-facing read API, `/config/v1`: only published state, straight from the snapshot, in the request's arm
 * of any release in flight (fast-path.ts answers the same requests first, the same way).
 */
export function publicApiRouter(snapshot: () => PublishedSnapshot, tickets?: ViewTickets) {
  const router = Router();

  router.get('/bundle', (req, res) => {
    const snap = snapshot();
    const market = queryParam(req.query.market, 'market');
    const locale = queryParam(req.query.locale, 'locale');
    if (!market) {
      throw new HttpError(400, `Query parameter market is required: one of ${snap.markets.join(', ')}`, {
        param: 'market',
        allowed: snap.markets,
      });
    }
    if (!snap.markets.includes(market)) {
      throw new HttpError(
        400,
        `Unknown market '${market}' in query parameter market: use one of ${snap.markets.join(', ')}`,
        { param: 'market', allowed: snap.markets },
      );
    }
    if (locale !== undefined && !snap.locales.includes(locale)) {
      throw new HttpError(
        400,
        `Unknown locale '${locale}' in query parameter locale: use one of ${snap.locales.join(', ')}`,
        { param: 'locale', allowed: snap.locales },
      );
    }
    const entry = snap.bundleFor(market, locale, whoOf(snap, req.query));
    if (!entry) throw new HttpError(404, `Market ${market} has no published text set`);
    sendEntry(req, res, entry);
  });

  router.get('/screens/:id', (req, res) => {
    const snap = snapshot();
    const who = whoOf(snap, req.query);
    const entry = snap.screenFor(req.params.id, who);
    if (!entry) throw new HttpError(404, `No published screen '${req.params.id}'`);
    // A view ticket per response, as the fast path gives it.
    const ticket =
      tickets && snap.arms ? tickets.mint(req.params.id, snap.arms.screenView(entry, who()), who()) : undefined;
    sendEntry(req, res, entry, ticket ? { 'Cache-Control': 'private, no-cache', 'X-View-Ticket': ticket } : undefined);
  });

  router.get('/templates/:templateId', (req, res) => {
    const snap = snapshot();
    const entry = snap.templateFor(req.params.templateId, whoOf(snap, req.query));
    if (!entry) throw new HttpError(404, `No published landing template '${req.params.templateId}'`);
    sendEntry(req, res, entry);
  });

  router.use(notFoundJson);
  return router;
}
