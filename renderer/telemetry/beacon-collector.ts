import type { BootData } from '../boot/boot-types';
import type { Note } from './telemetry-inbox';
import { createBatch } from './beacon-batch';
import { classifyLog } from './classify-log';

export interface CollectorOptions {
  market: string;
  /** This page load is in the sample: its screens are reported even where no release is in flight. */
  sampled: boolean;
  /** The server-drawn page's hand-off: its first screen and that view's ticket. */
  boot: Pick<BootData, 'screen' | 'viewTicket'> | null;
  send(body: string): void;
}

/** Beacons one page load sends at most: a page stuck in a loop of errors must not turn into a stream of them. */
const MAX_BEACONS = 30;

interface View {
  screen: string;
  /** The view ticket the server handed out with it: only such a view counts for a release. */
  ticket?: string;
  /** performance.now() when it was shown (0: before the collector ran, i.e. from the page's start). */
  start: number;
  /** The slowest interaction on it not yet reported (INP of this view so far). */
  inp?: number;
}

/**
 * Turns the inbox's notes into counts per view ticket (the drawn page's hand-off for its first screen, the
 * screen answer's `X-View-Ticket` for the others; a screen shown again from memory reuses its last one) or, without a
 * ticket, per screen. A view with a ticket is reported in full, whatever the sample; any other only when this page load
 * is sampled. Problems logged by a screen count for its latest view; failed calls for the view on show (before any is
 * shown: the first one).
 */
export function createCollector(o: CollectorOptions) {
  const tickets = new Map<string, string | null>();
  if (o.boot?.screen) tickets.set(`screen:${o.boot.screen.id}`, o.boot.viewTicket ?? null);
  const batch = createBatch(o.market);
  const views: View[] = [];
  let first: View | undefined;
  const early: string[] = [];
  /** Expression warnings already counted per screen: a binding re-evaluated on every render is one warning per view. */
  const warned = new Map<string, Set<string>>();
  /** LCP: undefined until known, then reported once (true). */
  let lcp: number | true | undefined;
  let sent = 0;

  const reported = (ticket: string | undefined) => o.sampled || !!ticket;
  /** The ticket of the latest view of `screen` (a problem it logged belongs to that view). */
  const ticketOf = (screen: string) => {
    for (let i = views.length - 1; i >= 0; i--) if (views[i].screen === screen) return views[i].ticket;
    return tickets.get(`screen:${screen}`) ?? undefined;
  };

  function flush() {
    for (const v of views) {
      if (v.inp !== undefined && reported(v.ticket)) batch.timing(v.screen, v.ticket, 'inp', v.inp);
      v.inp = undefined;
    }
    // A view long gone takes no more interactions: only the one on show stays.
    views.splice(0, views.length - 1);
    for (const body of batch.take()) if (sent++ < MAX_BEACONS) o.send(body);
  }

  function count(screen: string, ticket: string | undefined, what: Parameters<typeof batch.count>[2]) {
    if (!reported(ticket)) return;
    batch.count(screen, ticket, what);
    if (batch.full()) flush();
  }

  /** The page's Largest Contentful Paint is a page-load metric: the first screen's, once. */
  function reportLcp() {
    if (!first || typeof lcp !== 'number') return;
    const ms = lcp;
    lcp = true;
    if (!reported(first.ticket)) return;
    batch.timing(first.screen, first.ticket, 'lcp', ms);
    if (batch.full()) flush();
  }

  return {
    take(n: Note, now: number) {
      if ('key' in n) {
        tickets.set(n.key, n.ticket);
      } else if ('view' in n) {
        const v: View = {
          screen: n.view,
          ticket: tickets.get(`screen:${n.view}`) ?? undefined,
          start: first ? now : 0,
        };
        views.push(v);
        first ??= v;
        for (const screen of warned.keys()) if (screen !== v.screen) warned.delete(screen);
        count(v.screen, v.ticket, 'pageViews');
        reportLcp();
        for (const api of early.splice(0)) count(v.screen, v.ticket, { api });
      } else if ('api' in n) {
        const v = views[views.length - 1];
        if (v) count(v.screen, v.ticket, { api: n.api });
        else if (early.length < 100) early.push(n.api);
      } else {
        const c = classifyLog(n.log);
        if (!c) return;
        if (c.metric === 'expressionWarnings') {
          const seen = warned.get(c.screen) ?? new Set<string>();
          warned.set(c.screen, seen);
          if (seen.has(c.rest)) return;
          seen.add(c.rest);
        }
        count(c.screen, ticketOf(c.screen), c.metric);
      }
    },
    /** The latest LCP candidate is final (the borrower interacted, or the page is hidden). */
    lcp(ms: number) {
      if (lcp === true) return;
      lcp = ms;
      reportLcp();
    },
    /** An interaction that started at `startTime` took `duration` ms to its next paint: it counts for the view it began on. */
    interaction(startTime: number, duration: number) {
      let v = views[0];
      for (const x of views) if (x.start <= startTime) v = x;
      if (v) v.inp = Math.max(v.inp ?? 0, duration);
    },
    flush,
  };
}

export type Collector = ReturnType<typeof createCollector>;
