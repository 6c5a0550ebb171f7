/**
 * Every stream this replica holds, in memory, and what each is told when the published snapshot changes.
 * Publishes, rollbacks, release changes and guard verdicts, made on any replica, all reach here the same way: as a new
 * snapshot from published/sync.ts (a local change, or PostgreSQL's notification of another replica's). Each step is
 * announced in order, one at a time: its `release` events first, then one `published` event per stream carrying this
 * borrower's ETags (their arm of every release in flight) for the keys whose ETag changed for them.
 */
import type { ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { QuerySource } from '../releases/borrower-params.js';
import type { ConfigStore } from '../store/config-store.js';
import { changedTags, currentTags, etagFor, isLive, sharedChangedTags } from './borrower-etags.js';
import { ChangeLog, keysOf, type LiveKey } from './change-log.js';
import { ConsoleDocuments } from './console-documents.js';
import { liveMetrics } from './live-metrics.js';
import type { LiveSettings } from './live-settings.js';
import { releaseEvents, releaseReaches, type ReleaseReader } from './release-events.js';
import { SseStream, sseFrame } from './sse-stream.js';

/** What a page says it runs with when its stream opens: one cache key and its ETag. */
export interface PageHas {
  key: LiveKey;
  etag: string;
}

interface BorrowerStream {
  sse: SseStream;
  query: QuerySource;
}

export interface LiveHubOptions {
  settings: LiveSettings;
  first: PublishedSnapshot;
  store: Pick<ConfigStore, 'listDocuments'> & { releases: ReleaseReader };
  log: (message: string) => void;
  /** Where `sdui_streams_open` and `sdui_stream_events_total` go, when metrics are collected. */
  registry?: Registry;
  /** How often drafts are looked for while a console stream is open (ms). */
  draftsMs?: number;
}

export class LiveHub {
  /** Borrowers' streams by market: a step is announced market by market, in one text when no arm tells them apart. */
  private readonly borrowers = new Map<string, Set<BorrowerStream>>();
  private borrowerCount = 0;
  private readonly consoles = new Set<SseStream>();
  private readonly changes: ChangeLog;
  private readonly documents: ConsoleDocuments;
  private readonly live = new Map<string, boolean>();
  private current: PublishedSnapshot;
  private queue: Promise<void> = Promise.resolve();
  private draining = false;
  private readonly heartbeat: NodeJS.Timeout;
  private drafts?: NodeJS.Timeout;
  private readonly counted: (event: string) => void;

  constructor(private readonly opts: LiveHubOptions) {
    this.current = opts.first;
    this.changes = new ChangeLog(opts.first);
    this.documents = new ConsoleDocuments(opts.store);
    // One timer for every stream: a timer each would cost memory and wake-ups per idle page.
    this.heartbeat = setInterval(() => this.each((s) => s.heartbeat()), opts.settings.heartbeatMs).unref();
    this.counted = liveMetrics(opts.registry, () => this.size);
  }

  get size() {
    return this.borrowerCount + this.consoles.size;
  }

  snapshot() {
    return this.current;
  }

  /** Whether another stream may open now (not shutting down); the caps are the routes' StreamQuota. */
  hasRoom() {
    return !this.draining;
  }

  isLive(market: string) {
    let v = this.live.get(market);
    if (v === undefined) this.live.set(market, (v = isLive(this.current, market)));
    return v;
  }

  newStream(res: ServerResponse) {
    return new SseStream(res, this.counted);
  }

  /**
   * Opens a borrower's stream. `since` is their Last-Event-ID's generation (undefined: none or garbage): a resumed
   * stream starts with what changed since. A first stream has no id; `has` is what the page runs with, and it starts
   * with that key's current ETag when it is another (published after the page loaded, before its stream opened).
   */
  addBorrower(sse: SseStream, market: string, query: QuerySource, since: number | undefined, has?: PageHas) {
    const snap = this.current;
    sse.open(this.opts.settings.retryMs);
    const changed = this.catchUp(snap, market, query, since, has);
    if (changed) sse.send('published', snap.generation, { generation: snap.generation, market, changed });
    else sse.mark(snap.generation);
    const s = { sse, query };
    let set = this.borrowers.get(market);
    if (!set) this.borrowers.set(market, (set = new Set()));
    set.add(s);
    this.borrowerCount++;
    return () => {
      if (set.delete(s)) this.borrowerCount--;
    };
  }

  /** What a new stream starts with (`addBorrower`): the keys that changed for this page, or undefined for nothing. */
  private catchUp(snap: PublishedSnapshot, market: string, query: QuerySource, since?: number, has?: PageHas) {
    if (since !== undefined) {
      if (since >= snap.generation) return undefined;
      const keys = this.changes.since(market, since)?.values() ?? [
        ...(keysOf(snap).get(market) ?? []),
        ...(keysOf(snap).get('') ?? []),
      ];
      return currentTags(snap, keys, query);
    }
    const tag = has && etagFor(snap, has.key, query);
    return has && tag && tag !== has.etag ? { [has.key.key]: tag } : undefined;
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
    this.borrowerCount = 0;
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
    for (const set of this.borrowers.values()) for (const b of set) f(b.sse);
    for (const c of this.consoles) f(c);
  }

  private async step(next: PublishedSnapshot) {
    const prev = this.current;
    if (next.generation === prev.generation) return;
    // Read before the step becomes current: a stream opening during this store read starts from `prev` and gets the
    // step below; were `next` current already, it would get the step in its catch-up and again below.
    const releases = (await releaseEvents(prev, next, this.opts.store.releases)).map((r, i) => ({
      id: r.id,
      frame: sseFrame('release', `${next.generation}.r${i + 1}`, r),
    }));
    this.current = next;
    this.live.clear();
    const changed = this.changes.add(prev, next);
    for (const [market, set] of this.borrowers) {
      // A market's pages hear only of the releases in flight (before or after the step) for what they are served.
      const theirs = releases.filter((r) => releaseReaches(prev, r.id, market) || releaseReaches(next, r.id, market));
      const keys = [...(changed.get(market) ?? []), ...(changed.get('') ?? [])];
      this.announce(
        market,
        set,
        prev,
        next,
        theirs.map((r) => r.frame),
        keys,
      );
    }
    if (this.consoles.size) {
      for (const c of this.consoles) for (const r of releases) c.sendFrame('release', r.frame);
      await this.lookAtDocuments(next.generation, true);
    }
  }

  /** One step to one market's pages: the release frames, then `published` with what changed for each page. */
  private announce(
    market: string,
    set: Set<BorrowerStream>,
    prev: PublishedSnapshot,
    next: PublishedSnapshot,
    releases: string[],
    keys: LiveKey[],
  ) {
    const gen = next.generation;
    const published = (changed: Record<string, string>) =>
      releases.length || Object.keys(changed).length
        ? sseFrame('published', gen, { generation: gen, market, changed })
        : undefined;
    // Built once for the market when no release in flight tells its pages apart.
    const shared = sharedChangedTags(prev, next, keys);
    const sharedFrame = shared && published(shared);
    const live = this.isLive(market);
    for (const b of set) {
      // Closed, or the market turned off (or gone): the page's reconnect gets 204 and it stays on revalidation.
      if (b.sse.isClosed || !live) {
        b.sse.end();
        if (set.delete(b)) this.borrowerCount--;
        continue;
      }
      for (const r of releases) b.sse.sendFrame('release', r);
      const frame = shared ? sharedFrame : published(changedTags(prev, next, keys, b.query));
      if (frame) b.sse.sendFrame('published', frame);
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
}
