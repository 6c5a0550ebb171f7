/**
 * Every stream this replica holds, in memory, and what each is told when the published snapshot changes (issue 47).
 * Publishes, rollbacks, release changes and guard verdicts, made on any replica, all reach here the same way: as a new
 * snapshot from published/sync.ts (a local change, or PostgreSQL's notification of another replica's). Each step is
 * announced in order, one at a time: its `release` events first, then one `published` event per stream carrying this
 * borrower's ETags (their arm of every release in flight) for the keys whose ETag changed for them.
 */
import { Counter, Gauge } from 'prom-client';
import type { PublishedSnapshot } from '../published/snapshot.js';
import { borrowerParams, type QuerySource, type Who } from '../releases/borrower-params.js';
import type { StoredRelease } from '../store/release-records.js';
import { ChangeLog, keysOf, type LiveKey } from './change-log.js';
import { ConsoleDocuments } from './console-documents.js';
import type { LiveSettings } from './live-settings.js';
import { SseStream } from './sse-stream.js';
import type { ConfigStore } from '../store/config-store.js';
import type { Registry } from 'prom-client';

export interface ReleaseEvent {
  id: string;
  status: 'rolling' | 'complete' | 'rolled-back';
  percent: number;
}

interface BorrowerStream {
  sse: SseStream;
  market: string;
  query: QuerySource;
}

export interface LiveHubOptions {
  settings: LiveSettings;
  first: PublishedSnapshot;
  store: Pick<ConfigStore, 'listDocuments'> & { releases: Pick<ConfigStore['releases'], 'getRelease'> };
  log: (message: string) => void;
  /** Where `sdui_streams_open` and `sdui_stream_events_total` go, when metrics are collected. */
  registry?: Registry;
  /** How often drafts are looked for while a console stream is open (ms). */
  draftsMs?: number;
}

/** Whether a market's pages get a stream: its market document's `live` (default true). */
export function isLive(snap: PublishedSnapshot, market: string): boolean {
  const body = snap.bundle(market)?.body;
  if (!body) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { market?: { live?: unknown } }).market?.live !== false;
  } catch {
    return true;
  }
}

/** A borrower's ETag for a key in `snap`: their arm's, as the config API would serve it to the same query. */
function etagFor(snap: PublishedSnapshot, k: LiveKey, query: QuerySource): string | undefined {
  let who: Who | undefined;
  const w = () => (who ??= borrowerParams(snap.arms!.names, query));
  if (k.kind === 'screen') return snap.screenFor(k.ref, w)?.etag;
  const [market, locale] = k.ref.split('|');
  return snap.bundleFor(market, locale || undefined, w)?.etag;
}

export class LiveHub {
  private readonly borrowers = new Set<BorrowerStream>();
  private readonly consoles = new Set<SseStream>();
  private readonly changes: ChangeLog;
  private readonly documents: ConsoleDocuments;
  private readonly live = new Map<string, boolean>();
  private current: PublishedSnapshot;
  private queue: Promise<void> = Promise.resolve();
  private draining = false;
  private readonly heartbeat: NodeJS.Timeout;
  private drafts?: NodeJS.Timeout;
  private readonly events?: Counter<'event'>;

  constructor(private readonly opts: LiveHubOptions) {
    this.current = opts.first;
    this.changes = new ChangeLog(opts.first);
    this.documents = new ConsoleDocuments(opts.store);
    // One timer for every stream: a timer each would cost memory and wake-ups per idle page.
    this.heartbeat = setInterval(() => this.each((s) => s.heartbeat()), opts.settings.heartbeatMs).unref();
    if (opts.registry) {
      const registers = [opts.registry];
      const open = () => this.size;
      new Gauge({
        name: 'sdui_streams_open',
        help: 'Live streams (issue 47) open on this replica, borrowers and console together (cap LIVE_MAX_STREAMS)',
        registers,
        collect() {
          this.set(open());
        },
      });
      this.events = new Counter({
        name: 'sdui_stream_events_total',
        help: 'Events written to live streams, by event (published, release, drafts)',
        labelNames: ['event'],
        registers,
      });
    }
  }

  get size() {
    return this.borrowers.size + this.consoles.size;
  }

  snapshot() {
    return this.current;
  }

  /** Whether another stream may open now (under the cap, not shutting down). */
  hasRoom() {
    return !this.draining && this.size < this.opts.settings.maxStreams;
  }

  isLive(market: string) {
    let v = this.live.get(market);
    if (v === undefined) this.live.set(market, (v = isLive(this.current, market)));
    return v;
  }

  newStream(res: import('node:http').ServerResponse) {
    return new SseStream(res, (e) => this.events?.labels(e).inc());
  }

  /** Opens a borrower's stream; `since` is their Last-Event-ID's generation (undefined: none or garbage). */
  addBorrower(sse: SseStream, market: string, query: QuerySource, since: number | undefined) {
    const snap = this.current;
    sse.open(this.opts.settings.retryMs);
    if (since !== undefined && since < snap.generation) {
      const changed = this.changes.since(market, since);
      const keys = changed
        ? [...changed.values()]
        : [...(keysOf(snap).get(market) ?? []), ...(keysOf(snap).get('') ?? [])];
      const out: Record<string, string> = {};
      for (const k of keys) {
        const tag = etagFor(snap, k, query);
        if (tag) out[k.key] = tag;
      }
      sse.send('published', snap.generation, { generation: snap.generation, market, changed: out });
    } else sse.mark(snap.generation);
    const s = { sse, market, query };
    this.borrowers.add(s);
    return () => this.borrowers.delete(s);
  }

  addConsole(sse: SseStream) {
    sse.open(this.opts.settings.retryMs);
    sse.mark(this.current.generation);
    if (!this.consoles.size) {
      // The first console stream starts the drafts look (and the baseline the next look compares with).
      this.documents.reset();
      this.enqueue(() => this.lookAtDocuments(this.current.generation));
      this.drafts = setInterval(
        () => this.enqueue(() => this.lookAtDocuments(this.current.generation)),
        this.opts.draftsMs ?? 2000,
      ).unref();
    }
    this.consoles.add(sse);
    return () => {
      this.consoles.delete(sse);
      if (!this.consoles.size && this.drafts) clearInterval(this.drafts);
    };
  }

  /** A new snapshot (sync.ts): announced after every earlier one. */
  onSnapshot(next: PublishedSnapshot) {
    this.enqueue(() => this.step(next));
  }

  /** Ends every stream (shutdown): pages reconnect to another replica and resume from their Last-Event-ID. */
  close() {
    this.draining = true;
    clearInterval(this.heartbeat);
    if (this.drafts) clearInterval(this.drafts);
    this.each((s) => s.end());
    this.borrowers.clear();
    this.consoles.clear();
  }

  /** Resolves when every step announced so far has been written. */
  settled() {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((e: unknown) => this.opts.log(`live: ${(e as Error).message}`));
  }

  private each(f: (s: SseStream) => void) {
    for (const b of this.borrowers) f(b.sse);
    for (const c of this.consoles) f(c);
  }

  private async step(next: PublishedSnapshot) {
    const prev = this.current;
    if (next.generation === prev.generation) return;
    this.current = next;
    this.live.clear();
    const changed = this.changes.add(prev, next);
    const releases = await this.releaseEvents(prev, next);
    const gen = next.generation;
    const screens = changed.get('') ?? [];
    for (const b of this.borrowers) {
      if (b.sse.isClosed) {
        this.borrowers.delete(b);
        continue;
      }
      // Turned off (or gone): the page's reconnect gets 204 and it stays on revalidation.
      if (!this.isLive(b.market)) {
        b.sse.end();
        this.borrowers.delete(b);
        continue;
      }
      releases.forEach((r, i) => b.sse.send('release', `${gen}.r${i + 1}`, r));
      const out: Record<string, string> = {};
      for (const k of [...(changed.get(b.market) ?? []), ...screens]) {
        const tag = etagFor(next, k, b.query);
        if (tag && tag !== etagFor(prev, k, b.query)) out[k.key] = tag;
      }
      if (releases.length || Object.keys(out).length)
        b.sse.send('published', gen, { generation: gen, market: b.market, changed: out });
    }
    if (this.consoles.size) {
      for (const c of this.consoles) releases.forEach((r, i) => c.send('release', `${gen}.r${i + 1}`, r));
      await this.lookAtDocuments(gen, true);
    }
  }

  private async lookAtDocuments(gen: number, always = false) {
    if (!this.consoles.size) return;
    const { published, drafts } = await this.documents.look();
    for (const c of this.consoles) {
      if (always || Object.keys(published).length) c.send('published', gen, { generation: gen, changed: published });
      if (drafts) c.send('drafts', gen, {});
    }
  }

  /** Releases that started, moved or ended between two snapshots; an ended one's status is read from the store. */
  private async releaseEvents(prev: PublishedSnapshot, next: PublishedSnapshot): Promise<ReleaseEvent[]> {
    const rolling = (s: PublishedSnapshot) =>
      new Map(s.releases.filter((r) => r.status === 'rolling').map((r) => [r.id, r]));
    const before = rolling(prev);
    const after = rolling(next);
    const out: ReleaseEvent[] = [];
    for (const r of after.values())
      if (before.get(r.id)?.percent !== r.percent) out.push({ id: r.id, status: 'rolling', percent: r.percent });
    for (const r of before.values()) {
      if (after.has(r.id)) continue;
      const now: StoredRelease | undefined = await this.opts.store.releases.getRelease(r.id).catch(() => undefined);
      // Ended at its endAt: everyone is back on the base, as after a rollback.
      const status = now?.status === 'complete' ? 'complete' : 'rolled-back';
      out.push({ id: r.id, status, percent: now?.percent ?? r.percent });
    }
    return out;
  }
}
