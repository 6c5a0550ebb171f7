import { matchRoute, type RouteLike } from './match-route.js';
import { nodeTypesOf } from '../../renderer/core/index.js';
import { ReleaseArms, type ArmKind, type ArmLabel } from '../releases/release-arms.js';
import type { Who } from '../releases/borrower-params.js';
import { bundleEntry, entry, oneOf, originOf, screenEntry, type Entry, type SnapshotDoc } from './entries.js';

export {
  bundleEntry,
  entry,
  oneOf,
  originOf,
  screenEntry,
  scriptSafe,
  type Entry,
  type SnapshotDoc,
} from './entries.js';

type Doc = SnapshotDoc;
import type { StoredRelease } from '../store/release-records.js';

/** What a metric document says about counting and judging (schemas/documents/metric.json). */
export interface PublishedMetric {
  id: string;
  name: string;
  /** Hours after a borrower's first exposure in which a conversion counts. */
  windowHours: number;
  higherIsBetter: boolean;
}

/** The metric schema's default conversion window. */
export const DEFAULT_WINDOW_HOURS = 72;

/** A metric document as counting and judging read it (the schema's defaults filled in). */
export function metricOf(id: string, m: Record<string, unknown>) {
  return {
    id,
    name: typeof m.name === 'string' ? m.name : id,
    windowHours: typeof m.conversionWindowHours === 'number' ? m.conversionWindowHours : DEFAULT_WINDOW_HOURS,
    higherIsBetter: m.higherIsBetter !== false,
  } satisfies PublishedMetric;
}

/** What an arm view is (see `PublishedSnapshot.pageView`): the root it draws its bodies from and its releases. */
interface ArmOf extends ArmLabel {
  root: PublishedSnapshot;
}

/**
 * The whole published state as the public API serves it, built once per publish: every
 * bundle (market × text set), every screen and landing template, pre-serialised with its ETag.
 *
 * With releases in flight the snapshot also holds each one's candidate overlay (releases/release-arms.ts):
 * `bundleFor`, `screenFor` and `templateFor` answer a request's arm, `pageView` gives the state one borrower's page is
 * drawn from. An arm view is a PublishedSnapshot too, so every per-snapshot cache (drawn pages, shells) is per arm.
 */
export class PublishedSnapshot {
  readonly markets: string[];
  readonly locales: string[];
  /** Origins of embedded pages the CSP must allow (frame-src); connect-src is the server's allow-list, never a document's. */
  readonly frameOrigins: string[];
  private readonly bundles = new Map<string, Entry>();
  private readonly screens = new Map<string, Entry>();
  private readonly screenTypes = new Map<string, string[]>();
  private readonly templates = new Map<string, { doc: Doc; entry?: Entry }>();
  private readonly defaultLocale = new Map<string, string>();
  private readonly routes: RouteLike[];
  private readonly notFound?: string;
  /** Open releases (scheduled and rolling), for the schedule (sync.ts). */
  readonly releases: readonly StoredRelease[];
  /** The published metric documents (experiments' goals), by id. */
  readonly metrics: ReadonlyMap<string, PublishedMetric>;
  /** Rolling releases' candidates (root only; undefined when none is in flight). */
  readonly arms?: ReleaseArms<PublishedSnapshot>;
  /** An arm view's root and arm (undefined for the root). */
  private readonly arm?: ArmOf;

  constructor(
    docs: readonly Doc[],
    readonly generation = 0,
    releases: readonly StoredRelease[] = [],
    arm?: ArmOf,
  ) {
    const of = (kind: string) => docs.filter((d) => d.kind === kind);
    const markets = of('market');
    const textSets = of('text-set');
    const routeMap = oneOf(docs, 'route-map');
    const apiMap = oneOf(docs, 'api-map');
    this.releases = releases;
    this.arm = arm;
    this.metrics = new Map(of('metric').map((m) => [m.id, metricOf(m.id, m)]));
    this.markets = markets.map((m) => m.id).sort();
    this.locales = textSets.map((t) => t.id).sort();
    for (const m of markets) if (typeof m.textSet === 'string') this.defaultLocale.set(m.id, m.textSet);
    for (const t of of('landing-template')) this.templates.set(String(t.templateId ?? t.id), { doc: t });
    // An arm view serialises nothing: its bodies are its root's (each built once per arm), its screens' node types on demand.
    if (!arm) {
      const bridgeMap = oneOf(docs, 'bridge-map');
      for (const m of markets)
        for (const t of textSets) this.bundles.set(`${m.id}|${t.id}`, bundleEntry(m, t, routeMap, apiMap, bridgeMap));
      for (const s of of('screen')) {
        this.screens.set(s.id, screenEntry(s));
        this.screenTypes.set(s.id, [...nodeTypesOf(s)].sort());
      }
      for (const t of this.templates.values()) t.entry = entry(t.doc);
    } else for (const s of of('screen')) this.screenDocs.set(s.id, s);
    this.routes = Array.isArray(routeMap?.routes) ? (routeMap.routes as RouteLike[]) : [];
    this.notFound = typeof routeMap?.notFound === 'string' ? routeMap.notFound : undefined;
    const rolling = releases.filter((r) => r.status === 'rolling');
    // The CSP is one for every borrower: it allows what any arm in flight needs.
    const all = [...docs, ...rolling.flatMap((r) => r.documents.map((d) => d.content as Doc))];
    this.frameOrigins = [
      ...new Set(
        all
          .filter((d) => d.kind === 'market')
          .flatMap((m) => (Array.isArray(m.embedOrigins) ? m.embedOrigins.map(originOf) : [])),
      ),
    ]
      .filter((o): o is string => !!o)
      .sort();
    if (!arm && rolling.length) this.arms = new ReleaseArms(this, docs, rolling);
  }

  private readonly screenDocs = new Map<string, Doc>();

  /** Ids of the published screens (the root's; live/change-log.ts compares them across snapshots). */
  screenIds(): string[] {
    return [...this.screens.keys()];
  }

  /** The market's own text set unless `locale` names another one. */
  bundle(market: string, locale?: string): Entry | undefined {
    if (this.arm) return this.arm.root.armEntry('bundle', `${market}|${locale ?? ''}`, this.arm.mask);
    const l = locale ?? this.defaultLocale.get(market);
    return l ? this.bundles.get(`${market}|${l}`) : undefined;
  }

  screen(id: string) {
    return this.arm ? this.arm.root.armEntry('screen', id, this.arm.mask) : this.screens.get(id);
  }

  /** Node types a screen draws (sorted), for preloading their widget code with the page. */
  screenNodeTypes(id: string): readonly string[] {
    let types = this.screenTypes.get(id);
    const doc = this.screenDocs.get(id);
    if (!types && doc) this.screenTypes.set(id, (types = [...nodeTypesOf(doc)].sort()));
    return types ?? [];
  }

  template(templateId: string) {
    return this.arm
      ? this.arm.root.armEntry('template', templateId, this.arm.mask)
      : this.templates.get(templateId)?.entry;
  }

  templateDoc(templateId: string): unknown | undefined {
    return this.templates.get(templateId)?.doc;
  }

  /** `X-Config-Release` of a page drawn from this view: every release in flight for it, with this borrower's arm. */
  get release(): string | undefined {
    return this.arm?.release;
  }

  /** The root's own body for an entry (the base, as published). */
  baseEntry(kind: ArmKind, key: string): Entry | undefined {
    if (kind === 'bundle') {
      const [market, locale] = key.split('|');
      return this.bundle(market, locale || undefined);
    }
    return kind === 'screen' ? this.screens.get(key) : this.templates.get(key)?.entry;
  }

  /** The body of an entry in the arm `mask` (bits of `arms`): the base's when no release in flight touches it. */
  armEntry(kind: ArmKind, key: string, mask: number): Entry | undefined {
    return this.arms ? this.arms.entry(kind, key, mask) : this.baseEntry(kind, key);
  }

  /**
   * The bundle a request gets: its arm's when a release is in flight for it. `who` (the request's common params and
   * `v`, the version a drawn page names) is read only then, so a request with no release in flight costs nothing more.
   */
  bundleFor(market: string, locale: string | undefined, who: () => Who): Entry | undefined {
    if (!this.arms) return this.bundle(market, locale);
    return this.arms.serve('bundle', `${market}|${locale ?? ''}`, () => ({ ...who(), market }));
  }

  screenFor(id: string, who: () => Who): Entry | undefined {
    return this.arms ? this.arms.serve('screen', id, who) : this.screens.get(id);
  }

  templateFor(templateId: string, who: () => Who): Entry | undefined {
    return this.arms ? this.arms.serve('template', templateId, who) : this.templates.get(templateId)?.entry;
  }

  /**
   * The state a borrower's page at `path` is drawn from: this snapshot when no release is in flight for the page's
   * bundle or screen, else an arm view (memoised per arm) whose bundle, screen and route map are this borrower's arm's.
   */
  pageView(market: string | undefined, path: string, who: Who): PublishedSnapshot {
    return this.arms && market ? this.arms.pageView(market, path, who) : this;
  }

  /** An arm view of this (root) snapshot over `docs` (releases/release-arms.ts asks for them). */
  armView(docs: readonly Doc[], arm: ArmLabel): PublishedSnapshot {
    return new PublishedSnapshot(docs, this.generation, [], { ...arm, root: this });
  }

  /** Screen id the route map gives for a request path (its notFound screen when none matches). */
  screenIdForPath(path: string): string | undefined {
    return matchRoute(this.routes, path)?.screen ?? this.notFound;
  }
}
