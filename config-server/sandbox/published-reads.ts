/**
 * What the sandbox reads from the published documents, as a real backend would know it: a market's texts and its
 * customer-service phone. The app wires these into the sandbox (app.ts).
 */
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { SandboxOptions } from './index.js';

type SandboxWiring = SandboxOptions;

/**
 * A market's published bundle as the sandbox reads it: the text set's texts and the market document. Parsed once per
 * snapshot and market; markets the snapshot does not publish have none.
 */
export function publishedBundleOf(snapshot: () => PublishedSnapshot) {
  type Read = { texts: Record<string, unknown> | null; market: Record<string, unknown> | null };
  const cache = new WeakMap<PublishedSnapshot, Map<string, Read>>();
  const object = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);
  return (market: string): Read | undefined => {
    const snap = snapshot();
    if (!snap.markets.includes(market)) return undefined;
    let byMarket = cache.get(snap);
    if (!byMarket) cache.set(snap, (byMarket = new Map()));
    let read = byMarket.get(market);
    if (read === undefined) {
      const entry = snap.bundle(market);
      try {
        const b = entry
          ? (JSON.parse(entry.body.toString('utf8')) as { textSet?: { texts?: unknown }; market?: unknown })
          : undefined;
        read = { texts: object(b?.textSet?.texts), market: object(b?.market) };
      } catch {
        read = { texts: null, market: null };
      }
      byMarket.set(market, read);
    }
    return read;
  };
}

/** The published text of `key` for a market: its market document's text set (as the market's bundle carries it). */
export function publishedTextOf(bundleOf: ReturnType<typeof publishedBundleOf>): SandboxWiring['textOf'] {
  return (market, key) => {
    const texts = bundleOf(market)?.texts;
    const text = texts && Object.hasOwn(texts, key) ? texts[key] : undefined;
    return typeof text === 'string' ? text : undefined;
  };
}

/** The published market document's customer-service phone, which the sandbox answers with as a backend would. */
export function publishedServicePhoneOf(
  bundleOf: ReturnType<typeof publishedBundleOf>,
): SandboxWiring['servicePhoneOf'] {
  return (market) => {
    const phone = bundleOf(market)?.market?.servicePhone;
    return typeof phone === 'string' && phone ? phone : undefined;
  };
}
