/**
 * The arms of the releases in flight, held by the published snapshot: for each body the config API serves
 * (a bundle, a screen, a landing template) the releases whose documents it reads, and its body in each arm, serialised
 * once per snapshot (the arms of one release eagerly when the snapshot is built, rarer combinations on first use). Per
 * request the work is a map lookup and, when a release is in flight for the body, one hash per such release.
 *
 * An arm's body carries its own ETag (the content's tagged with the arm) and `X-Config-Release`, so a borrower never
 * revalidates into the other arm's copy, and a page, the bundle it names and the app after hydration agree.
 */
import { bodyEtag } from '../store/content-hash.js';
import type { StoredRelease } from '../store/release-records.js';
import {
  bundleEntry,
  oneOf,
  screenEntry,
  entry as serialise,
  type Entry,
  type SnapshotDoc as Doc,
} from '../published/entries.js';
import { inAudience, inCandidate, prepareDraw, type Borrower, type PreparedDraw } from './bucket.js';
import { whoNames, type Who, type WhoNames } from './borrower-params.js';
import type { MintListener } from './view-ticket.js';

export type ArmKind = 'bundle' | 'screen' | 'template';

/** `X-Config-Release` (`rel-a=base, rel-b=candidate`) as the releases and arms it names. */
export function armsOfLabel(label: string | undefined): { id: string; arm: 'base' | 'candidate' }[] {
  if (!label) return [];
  return label.split(',').flatMap((part) => {
    const m = /^\s*(rel-[0-9a-f]{10})=(base|candidate)\s*$/.exec(part);
    return m ? [{ id: m[1], arm: m[2] as 'base' | 'candidate' }] : [];
  });
}

interface Arm extends PreparedDraw {
  id: string;
  bit: number;
  /** Candidate contents by `kind\0id`. */
  docs: Map<string, Doc>;
}

const docKey = (kind: string, id: string) => `${kind}\u0000${id}`;
const BUNDLE_KINDS = ['route-map', 'api-map', 'bridge-map'];
const popcount = (n: number) => {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
};
/** Arm combinations built when the snapshot is (all of them for a body up to this many releases in flight for it). */
const EAGER_RELEASES = 3;

/** An arm view's releases: those in flight for the page (bits of the arms' list), those whose candidate it shows, its label. */
export interface ArmLabel {
  relevant: number;
  mask: number;
  release: string;
}

/**
 * What the arms need of the snapshot that holds them (published/snapshot.ts), passed in so that neither module imports
 * the other: its own bodies, its routes, and arm views of itself (`View` is the snapshot type).
 */
export interface ArmRoot<View> {
  readonly markets: readonly string[];
  readonly locales: readonly string[];
  baseEntry(kind: ArmKind, key: string): Entry | undefined;
  screenIdForPath(path: string): string | undefined;
  armView(docs: readonly Doc[], arm: ArmLabel): View;
}

export class ReleaseArms<View extends { screenIdForPath(path: string): string | undefined }> {
  readonly list: Arm[];
  readonly names: WhoNames;
  /** Releases in flight for each body (a bit mask over `list`), for every body the snapshot serves. */
  private readonly relevance: Record<ArmKind, Map<string, number>> = {
    bundle: new Map(),
    screen: new Map(),
    template: new Map(),
  };
  private readonly entries = new Map<string, Entry | null>();
  private readonly docsByMask = new Map<number, { list: Doc[]; byKey: Map<string, Doc> }>();
  private readonly views = new Map<string, View>();
  /** Releases in flight with an experiment (bits of `list`). */
  private readonly experiments: number;
  /**
   * Told of every body answered to a named borrower (bundle, screen, landing template; the live stream's ETags too)
   * with their arm of each release with an experiment it touches: experiments expose them then
   * (releases/exposure-recorder.ts). Whatever tells a borrower's arm exposes them, or a script could learn made-up
   * borrowers' arms and expose only one arm's, breaking the split.
   */
  onServe?: MintListener;

  constructor(
    private readonly root: ArmRoot<View> & View,
    private readonly base: readonly Doc[],
    rolling: readonly StoredRelease[],
  ) {
    if (rolling.length > 30) throw new Error(`${rolling.length} releases in flight: at most 30`);
    this.names = whoNames(base);
    this.list = rolling.map((r, i) => ({
      ...prepareDraw(r),
      id: r.id,
      bit: 1 << i,
      docs: new Map(r.documents.map((d) => [docKey(d.kind, d.id), d.content as Doc])),
    }));
    this.experiments = rolling.reduce((m, r, i) => (r.experiment ? m | (1 << i) : m), 0);
    const touches = (a: Arm, kind: string, id: string | undefined) => id !== undefined && a.docs.has(docKey(kind, id));
    const baseDoc = (kind: string, id: string) => base.find((d) => d.kind === kind && d.id === id);
    const mask = (test: (a: Arm) => boolean) => this.list.reduce((m, a) => (test(a) ? m | a.bit : m), 0);
    for (const m of root.markets) {
      // The bundle in the market's own text set: the text set the base names, or the one a candidate market names.
      const own = (a: Arm) =>
        [baseDoc('market', m)?.textSet, a.docs.get(docKey('market', m))?.textSet].some(
          (t) => typeof t === 'string' && touches(a, 'text-set', t),
        );
      const shared = (a: Arm) =>
        touches(a, 'market', m) || [...a.docs.keys()].some((k) => BUNDLE_KINDS.includes(k.split('\u0000')[0]));
      this.relevance.bundle.set(
        `${m}|`,
        mask((a) => shared(a) || own(a)),
      );
      for (const l of root.locales)
        this.relevance.bundle.set(
          `${m}|${l}`,
          mask((a) => shared(a) || touches(a, 'text-set', l)),
        );
    }
    for (const d of base)
      if (d.kind === 'screen')
        this.relevance.screen.set(
          d.id,
          mask((a) => touches(a, 'screen', d.id)),
        );
    const templateKey = (d: Doc | undefined) => (d ? String(d.templateId ?? d.id) : undefined);
    const templates = new Map<string, number>();
    for (const a of this.list) {
      for (const [k, doc] of a.docs) {
        const [kind, id] = k.split('\u0000');
        if (kind !== 'landing-template') continue;
        for (const t of [templateKey(baseDoc(kind, id)), templateKey(doc)])
          if (t !== undefined) templates.set(t, (templates.get(t) ?? 0) | a.bit);
      }
    }
    for (const d of base)
      if (d.kind === 'landing-template') templates.set(templateKey(d)!, templates.get(templateKey(d)!) ?? 0);
    this.relevance.template = templates;
    // Serialised now, once per snapshot: the request path only looks bodies up.
    for (const kind of ['bundle', 'screen', 'template'] as const) {
      for (const [key, rel] of this.relevance[kind]) {
        if (!rel || popcount(rel) > EAGER_RELEASES) continue;
        for (let m = rel; ; m = (m - 1) & rel) {
          this.entry(kind, key, m);
          if (!m) break;
        }
      }
    }
  }

  /** Releases in flight for a body (0: none; the body is the base's for everyone). */
  relevant(kind: ArmKind, key: string): number {
    return this.relevance[kind].get(key) ?? 0;
  }

  /** The arms of `relevant` this borrower is in the candidate of (a deviceId is needed for any). */
  maskOf(who: Borrower, relevant: number): number {
    if (!who.deviceId) return 0;
    let m = 0;
    for (const a of this.list) if (relevant & a.bit && inCandidate(a, who)) m |= a.bit;
    return m;
  }

  /** The releases whose audience takes this borrower (bits of `list`). */
  private audienceMask(who: Borrower): number {
    let m = 0;
    for (const a of this.list) if (inAudience(a.audience, who)) m |= a.bit;
    return m;
  }

  /**
   * What a view ticket names of the releases of `label` (a body's `X-Config-Release`): those whose audience takes the
   * borrower, in the borrower's own arm. One outside the audience is in neither arm: counted as the base's, the query
   * (`platform=ios`) would pick the base, and the base would hold borrowers the candidate was never offered to. A body
   * of the other arm (`v` names any arm's ETag, and ETags are no secret) names none: the query would pick the arm.
   */
  ticketed(label: string | undefined, who: Borrower): { id: string; arm: 'base' | 'candidate' }[] {
    if (!who.deviceId) return [];
    const mine = this.maskOf(who, -1);
    const inside = this.audienceMask(who);
    return armsOfLabel(label).filter((r) => {
      const a = this.list.find((x) => x.id === r.id);
      return !!a && inside & a.bit && (mine & a.bit ? 'candidate' : 'base') === r.arm;
    });
  }

  /**
   * The releases a screen the app fetched is seen in, with this borrower's arm of each (what its view ticket names,
   * as `ticketed` keeps them): the screen's own, as the body `served` says, and those of the market's bundle, which
   * every screen shares. None without a deviceId: such a request is in nobody's arm.
   */
  screenView(served: Entry | undefined, who: Who): { id: string; arm: 'base' | 'candidate' }[] {
    if (!who.deviceId || !served) return [];
    const own = this.ticketed(served.release, who);
    const rel = who.market ? this.relevant('bundle', `${who.market}|`) : 0;
    if (!rel) return own;
    const ids = new Set(own.map((r) => r.id));
    return [...own, ...this.ticketed(this.label(rel, this.maskOf(who, rel)), who).filter((r) => !ids.has(r.id))];
  }

  /** `X-Config-Release` for the releases of `relevant`, in the arm `mask`. */
  label(relevant: number, mask: number): string {
    return this.list
      .filter((a) => relevant & a.bit)
      .map((a) => `${a.id}=${mask & a.bit ? 'candidate' : 'base'}`)
      .join(', ');
  }

  /** The body a request gets: `v` naming one arm's version of it wins (the page it came from was drawn in that arm). */
  serve(kind: ArmKind, key: string, who: () => Who): Entry | undefined {
    const rel = this.relevance[kind].get(key);
    if (!rel) return this.root.baseEntry(kind, key);
    const w = who();
    const mine = this.maskOf(w, rel);
    if (rel & this.experiments && w.deviceId && this.onServe) {
      const told = this.list.filter((a) => rel & this.experiments & this.audienceMask(w) & a.bit);
      this.onServe(
        told.map((a) => ({ id: a.id, arm: mine & a.bit ? 'candidate' : 'base' })),
        { deviceId: w.deviceId, market: w.market },
      );
    }
    if (w.v && popcount(rel) <= 8) {
      const tag = `"${w.v}"`;
      for (let m = rel; ; m = (m - 1) & rel) {
        const e = this.entry(kind, key, m);
        if (e?.etag === tag) return e;
        if (!m) break;
      }
    }
    return this.entry(kind, key, mine);
  }

  /** A body in the arm `mask`, built (and kept) on first use. */
  entry(kind: ArmKind, key: string, mask: number): Entry | undefined {
    const rel = this.relevant(kind, key);
    if (!rel) return this.root.baseEntry(kind, key);
    const m = mask & rel;
    const k = `${kind}\u0000${key}\u0000${m}`;
    let e = this.entries.get(k);
    if (e === undefined) {
      const raw = m ? this.build(kind, key, this.docs(m)) : this.root.baseEntry(kind, key);
      const label = this.label(rel, m);
      e = raw ? { ...raw, etag: bodyEtag(`${raw.etag}\n${label}`), release: label } : null;
      this.entries.set(k, e);
    }
    return e ?? undefined;
  }

  /** The state a page is drawn from for one borrower: the arm of every release in flight for its bundle or screen. */
  pageView(market: string, path: string, who: Borrower): View {
    let rel = this.relevant('bundle', `${market}|`);
    const first = this.root.screenIdForPath(path);
    if (first) rel |= this.relevant('screen', first);
    const mask = this.maskOf({ ...who, market }, -1);
    // A candidate route map may send the path to another screen: its releases count too (at most a few rounds).
    for (let round = 0; rel && round < 4; round++) {
      const view = this.view(rel, mask & rel);
      const id = view.screenIdForPath(path);
      const more = id ? this.relevant('screen', id) : 0;
      if ((rel | more) === rel) return view;
      rel |= more;
    }
    return rel ? this.view(rel, mask & rel) : this.root;
  }

  private view(relevant: number, mask: number): View {
    const k = `${relevant}:${mask}`;
    let v = this.views.get(k);
    if (!v)
      this.views.set(
        k,
        (v = this.root.armView(this.docs(mask).list, { relevant, mask, release: this.label(relevant, mask) })),
      );
    return v;
  }

  /** The published documents with the candidates of the arms in `mask` in place. */
  private docs(mask: number) {
    let d = this.docsByMask.get(mask);
    if (!d) {
      const byKey = new Map(this.base.map((x) => [docKey(x.kind, x.id), x]));
      for (const a of this.list) if (mask & a.bit) for (const [k, doc] of a.docs) byKey.set(k, doc);
      this.docsByMask.set(mask, (d = { list: [...byKey.values()], byKey }));
    }
    return d;
  }

  private build(kind: ArmKind, key: string, docs: { list: Doc[]; byKey: Map<string, Doc> }): Entry | undefined {
    if (kind === 'screen') {
      const s = docs.byKey.get(docKey('screen', key));
      return s && screenEntry(s);
    }
    if (kind === 'template') {
      const t = docs.list.find((d) => d.kind === 'landing-template' && String(d.templateId ?? d.id) === key);
      return t && serialise(t);
    }
    const [market, locale] = key.split('|');
    const m = docs.byKey.get(docKey('market', market));
    const l = locale || (typeof m?.textSet === 'string' ? m.textSet : undefined);
    const t = l ? docs.byKey.get(docKey('text-set', l)) : undefined;
    return m && t
      ? bundleEntry(m, t, oneOf(docs.list, 'route-map'), oneOf(docs.list, 'api-map'), oneOf(docs.list, 'bridge-map'))
      : undefined;
  }
}
