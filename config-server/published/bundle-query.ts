/**
 * The query that names a market's bundle, `market` and optional `locale`, read the same way by the bundle route and
 * the live stream: a page asks both for the same bundle, and a bad query gets the same 400 naming the parameter.
 */
import { HttpError } from '../http/http-error.js';
import type { PublishedSnapshot } from './snapshot.js';

/** One plain string, or undefined when absent; a repeated or nested parameter is a 400 naming it. */
export function queryParam(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new HttpError(400, `Query parameter ${name} must be given once, as a plain string`, { param: name });
  return value;
}

/** `market` (required, a published market) and `locale` (optional, a published text set's locale). */
export function bundleQuery(snap: PublishedSnapshot, query: Record<string, unknown>) {
  const market = queryParam(query.market, 'market');
  const locale = queryParam(query.locale, 'locale');
  if (!market)
    throw new HttpError(400, `Query parameter market is required: one of ${snap.markets.join(', ')}`, {
      param: 'market',
      allowed: snap.markets,
    });
  if (!snap.markets.includes(market))
    throw new HttpError(
      400,
      `Unknown market '${market}' in query parameter market: use one of ${snap.markets.join(', ')}`,
      { param: 'market', allowed: snap.markets },
    );
  if (locale !== undefined && !snap.locales.includes(locale))
    throw new HttpError(
      400,
      `Unknown locale '${locale}' in query parameter locale: use one of ${snap.locales.join(', ')}`,
      { param: 'locale', allowed: snap.locales },
    );
  return { market, locale };
}
