import { bodyEtag } from './store/content-hash.js';
import { matchRoute, type RouteLike } from './match-route.js';
import { nodeTypesOf } from '../renderer/nodes/node-types-of.js';

/** A published body, serialised once: bytes for the API, a script-safe string for the HTML. */
export interface Entry {
  body: Buffer;
  etag: string;
  /** The same JSON with `<`, `>`, `&`, U+2028/9 as \u escapes: safe inside a <script> element. */
  inline: string;
}

export type SnapshotDoc = Record<string, unknown> & { kind: string; id: string };
type Doc = SnapshotDoc;

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
export const scriptSafe = (json: string) =>
  json.replace(SCRIPT_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * `inlined` is what the page carries instead of `value` (the API still serves `value`, under the same ETag):
 * the same document without its ops-facing notes, which every page would otherwise download for nothing.
 */
function entry(value: unknown, inlined: unknown = value): Entry {
  const json = JSON.stringify(value);
  return { body: Buffer.from(json), etag: bodyEtag(json), inline: scriptSafe(inlined === value ? json : JSON.stringify(inlined)) };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
/** Without `description`: the schemas define it as an ops-facing note, never shown to borrowers (optional where dropped). */
const noNote = (v: unknown): unknown => {
  if (!isObj(v) || !('description' in v)) return v;
  const { description: _note, ...rest } = v;
  return rest;
};
const notesOff = (doc: unknown, list?: string): unknown => {
  const d = noNote(doc);
  if (!list || !isObj(d)) return d;
  const items = d[list];
  if (Array.isArray(items)) return { ...d, [list]: items.map(noNote) };
  if (isObj(items)) return { ...d, [list]: Object.fromEntries(Object.entries(items).map(([k, x]) => [k, noNote(x)])) };
  return d;
};

const originOf = (url: unknown) => {
  try {
    return typeof url === 'string' && /^https?:\/\//.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The whole published state as the public API serves it, built once per publish: every
 * bundle (market × text set), every screen and landing template, pre-serialised with its ETag.
 */
export class PublishedSnapshot {
  readonly markets: string[];
  readonly locales: string[];
  /** Origins the CSP must allow: embedded pages (frame-src) and an absolute API base URL (connect-src). */
  readonly frameOrigins: string[];
  readonly connectOrigins: string[];
  private readonly bundles = new Map<string, Entry>();
  private readonly screens = new Map<string, Entry>();
  private readonly screenTypes = new Map<string, string[]>();
  private readonly templates = new Map<string, { doc: unknown; entry: Entry }>();
  private readonly defaultLocale = new Map<string, string>();
  private readonly routes: RouteLike[];
  private readonly notFound?: string;

  constructor(docs: readonly Doc[], readonly generation = 0) {
    const of = (kind: string) => docs.filter((d) => d.kind === kind);
    const one = (kind: string) => of(kind).find((d) => d.id === 'default') ?? of(kind)[0];
    const markets = of('market');
    const textSets = of('text-set');
    const routeMap = one('route-map');
    const apiMap = one('api-map');
    const bridgeMap = one('bridge-map');
    this.markets = markets.map((m) => m.id).sort();
    this.locales = textSets.map((t) => t.id).sort();
    for (const m of markets) {
      if (typeof m.textSet === 'string') this.defaultLocale.set(m.id, m.textSet);
      for (const t of textSets) {
        const bundle = { market: m, textSet: t, routeMap: routeMap ?? null, apiMap: apiMap ?? null, bridgeMap: bridgeMap ?? null };
        // An endpoint's and a bridge message's notes stay: their schemas require them, and the app checks the
        // inlined bundle against the schemas before keeping it as its last good configuration.
        const inlined = {
          market: notesOff(m), textSet: notesOff(t), routeMap: notesOff(bundle.routeMap, 'routes'),
          apiMap: notesOff(bundle.apiMap), bridgeMap: notesOff(bundle.bridgeMap),
        };
        this.bundles.set(`${m.id}|${t.id}`, entry(bundle, inlined));
      }
    }
    for (const s of of('screen')) {
      this.screens.set(s.id, entry(s, notesOff(s)));
      this.screenTypes.set(s.id, [...nodeTypesOf(s)].sort());
    }
    for (const t of of('landing-template')) this.templates.set(String(t.templateId ?? t.id), { doc: t, entry: entry(t) });
    this.routes = Array.isArray(routeMap?.routes) ? (routeMap.routes as RouteLike[]) : [];
    this.notFound = typeof routeMap?.notFound === 'string' ? routeMap.notFound : undefined;
    this.frameOrigins = [...new Set(markets.flatMap((m) => (Array.isArray(m.embedOrigins) ? m.embedOrigins.map(originOf) : [])))]
      .filter((o): o is string => !!o)
      .sort();
    this.connectOrigins = [originOf(apiMap?.baseUrl)].filter((o): o is string => !!o);
  }

  /** The market's own text set unless `locale` names another one. */
  bundle(market: string, locale?: string): Entry | undefined {
    const l = locale ?? this.defaultLocale.get(market);
    return l ? this.bundles.get(`${market}|${l}`) : undefined;
  }

  screen(id: string) {
    return this.screens.get(id);
  }

  /** Node types a screen draws (sorted), for preloading their widget code with the page. */
  screenNodeTypes(id: string): readonly string[] {
    return this.screenTypes.get(id) ?? [];
  }

  template(templateId: string) {
    return this.templates.get(templateId)?.entry;
  }

  templateDoc(templateId: string): unknown | undefined {
    return this.templates.get(templateId)?.doc;
  }

  /** Screen id the route map gives for a request path (its notFound screen when none matches). */
  screenIdForPath(path: string): string | undefined {
    return matchRoute(this.routes, path)?.screen ?? this.notFound;
  }
}
