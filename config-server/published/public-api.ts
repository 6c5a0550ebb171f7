import { Router } from 'express';
import { HttpError } from '../http/http-error.js';
import { bundleQuery } from './bundle-query.js';
import { notFoundJson } from '../http/error-middleware.js';
import { sendEntry } from '../http/conditional.js';
import type { PublishedSnapshot } from './snapshot.js';
import { borrowerParams, type Who } from '../releases/borrower-params.js';
import type { ViewTickets } from '../releases/view-ticket.js';

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
    const { market, locale } = bundleQuery(snap, req.query);
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
