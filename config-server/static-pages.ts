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
interface Bundle {
  market: Record<string, unknown>;
  textSet: { locale?: string; texts: Record<string, string> };
  apiMap?: { commonParams?: { query: string }[] };
}

/** What one published version knows about its static pages; dropped with the snapshot after a publish. */
interface PerSnapshot {
  flags: Map<string, boolean>;
  bundles: Map<string, Bundle | undefined>;
  pages: Map<string, StaticPage | null>;
}

/**
 * Screens whose document says `static: true` (site, legal and other pages without per-user data), rendered
 * to HTML once per published version, market and common-param combination. A publish makes a new snapshot,
 * so its pages are rendered afresh from the new documents; the old cache goes with the old snapshot.
 */
export function staticPages(log: (message: string, err?: unknown) => void) {
  const cache = new WeakMap<PublishedSnapshot, PerSnapshot>();
  const ready = prepareStaticRender();

  return async function render(snap: PublishedSnapshot, req: StaticPageRequest): Promise<StaticPage | null> {
    let mine = cache.get(snap);
    if (!mine) cache.set(snap, (mine = { flags: new Map(), bundles: new Map(), pages: new Map() }));
    // Most screens (borrower flows) are not static: they pay one memoised lookup.
    if (!isStatic(snap, mine, req.screenId)) return null;
    if (!mine.bundles.has(req.market)) mine.bundles.set(req.market, parse<Bundle>(snap.bundle(req.market)?.body));
    const bundle = mine.bundles.get(req.market);
    if (!bundle) return null;

    const names = (bundle.apiMap?.commonParams ?? []).map((p) => p.query);
    const query = Object.fromEntries(names.flatMap((n) => (typeof req.query[n] === 'string' && req.query[n] ? [[n, req.query[n] as string]] : [])));
    const key = `${req.market}|${req.screenId}|${JSON.stringify(query)}`;
    if (mine.pages.has(key)) return mine.pages.get(key)!;

    await ready;
    let page: StaticPage | null = null;
    try {
      const rendered = renderStaticScreen({
        doc: parse<ScreenDocument>(snap.screen(req.screenId)?.body)!,
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
    if (mine.pages.size >= MAX_ENTRIES) mine.pages.clear();
    mine.pages.set(key, page);
    return page;
  };
}

const parse = <T>(body: Buffer | undefined): T | undefined => (body ? (JSON.parse(body.toString('utf8')) as T) : undefined);

/** Whether a published screen is marked `static`, read once per published version. */
function isStatic(snap: PublishedSnapshot, mine: PerSnapshot, id: string): boolean {
  let flag = mine.flags.get(id);
  if (flag === undefined) {
    flag = parse<ScreenDocument>(snap.screen(id)?.body)?.static === true;
    mine.flags.set(id, flag);
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
