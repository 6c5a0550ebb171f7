import type { ScreenDocument } from '../schemas/generated/types.js';
import { prepareStaticRender, renderStaticScreen, type StaticRender } from '../renderer/boot/render-static.js';
import type { PublishedSnapshot } from './published-snapshot.js';

/** Distinct common-param combinations kept per published version; visitors of the site rarely carry any. */
const MAX_ENTRIES = 500;

export interface StaticPageRequest {
  market: string;
  screenId: string;
  /** The page's query (only its common params matter: they are carried on links). */
  query: Record<string, unknown>;
}

export interface StaticPage extends StaticRender {
  /** Locale of the text set the page is written in (the `<html lang>`). */
  lang: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' } as const)[c as '&']};`);

/**
 * Screens whose document says `static: true` (site, legal and other pages without per-user data), rendered
 * to HTML once per published version, market and common-param combination. A publish makes a new snapshot,
 * so its pages are rendered afresh from the new documents; the old cache goes with the old snapshot.
 */
export function staticPages(log: (message: string, err?: unknown) => void) {
  const cache = new WeakMap<PublishedSnapshot, Map<string, StaticPage | null>>();
  const ready = prepareStaticRender();

  return async function render(snap: PublishedSnapshot, req: StaticPageRequest): Promise<StaticPage | null> {
    const screenEntry = snap.screen(req.screenId);
    const bundleEntry = snap.bundle(req.market);
    if (!screenEntry || !bundleEntry) return null;
    // Most screens (borrower flows) are not static: they pay one memoised lookup.
    if (!isStatic(snap, req.screenId)) return null;
    let perSnap = cache.get(snap);
    if (!perSnap) cache.set(snap, (perSnap = new Map()));

    const bundle = JSON.parse(bundleEntry.body.toString('utf8'));
    const names: string[] = (bundle.apiMap?.commonParams ?? []).map((p: { query: string }) => p.query);
    const query = Object.fromEntries(names.flatMap((n) => (typeof req.query[n] === 'string' && req.query[n] ? [[n, req.query[n] as string]] : [])));
    const key = `${req.market}|${req.screenId}|${JSON.stringify(query)}`;
    if (perSnap.has(key)) return perSnap.get(key)!;

    await ready;
    let page: StaticPage | null = null;
    try {
      const doc = JSON.parse(screenEntry.body.toString('utf8')) as ScreenDocument;
      const rendered = renderStaticScreen({
        doc,
        texts: bundle.textSet.texts,
        market: bundle.market,
        query,
        commonQueryNames: names,
        logError: (m, d) => log(`static render: ${m}`, d),
      });
      page = { html: rendered.html, title: escapeHtml(rendered.title), lang: escapeHtml(String(bundle.textSet.locale ?? '')) };
    } catch (e) {
      // The app still renders it in the browser: a failed server render costs only the head start.
      log(`static render of screen ${req.screenId} failed`, e);
    }
    if (perSnap.size >= MAX_ENTRIES) perSnap.clear();
    perSnap.set(key, page);
    return page;
  };
}

const staticFlags = new WeakMap<PublishedSnapshot, Map<string, boolean>>();
/** Whether a published screen is marked `static`, read once per published version. */
function isStatic(snap: PublishedSnapshot, id: string): boolean {
  let flags = staticFlags.get(snap);
  if (!flags) staticFlags.set(snap, (flags = new Map()));
  let flag = flags.get(id);
  if (flag === undefined) {
    const body = snap.screen(id)?.body.toString('utf8');
    flag = !!body && (JSON.parse(body) as ScreenDocument).static === true;
    flags.set(id, flag);
  }
  return flag;
}

/** The server-rendered page: body markup in the root element, its title and language in the head. */
export function injectStatic(html: string, page: StaticPage): string {
  return html
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-ssr="">${page.html}</div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace(/<html lang="[^"]*"/, () => (page.lang ? `<html lang="${page.lang}"` : '<html'));
}
