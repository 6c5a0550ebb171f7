/**
 * Experiments' exposures, as the server saw them: the first time it hands a borrower (deviceId) a view ticket for a
 * screen a release with an experiment touches, drawn or fetched, the borrower is exposed to that release with the
 * ticket's arm, their market and the time. No beacon is needed and no per-address cap applies: the server did the
 * serving. Stored once per borrower and release (the store ignores later ones); this replica also remembers whom it
 * already sent, so a borrower's every later page view costs no write.
 *
 * Writes leave the request path: exposures gathered in one tick go to the store as one statement, and a failing
 * store is logged, never a borrower's error.
 */
import type { ExperimentStore, Exposure } from '../store/experiment-records.js';
import type { StoredRelease } from '../store/release-records.js';
import type { TicketHolder, TicketRelease } from './view-ticket.js';
import { DEVICE_ID } from './conversion-input.js';

/** Borrower-release pairs this replica remembers as sent; past it, it forgets them all (the store stays the judge). */
const REMEMBERED = 200_000;

export interface ExposureRecorderOptions {
  store: Pick<ExperimentStore, 'recordExposures'>;
  /** Open releases (the snapshot's): only those with an experiment record exposures. */
  releases: () => readonly StoredRelease[];
  /**
   * The published markets (the snapshot's): the market a borrower is exposed in comes from their query, so any other
   * is kept as none (''), or each made-up one would be a market of its own in the results and rows in the store.
   */
  markets: () => readonly string[];
  now?: () => number;
  log?: (m: string, err?: unknown) => void;
}

export class ExposureRecorder {
  private readonly sent = new Set<string>();
  private pending: Exposure[] = [];
  private flushing?: Promise<void>;

  constructor(private readonly o: ExposureRecorderOptions) {}

  /** A ticket was minted (ViewTickets.onMint): records the exposures it means. */
  readonly saw = (releases: readonly TicketRelease[], holder: TicketHolder) => {
    const deviceId = holder.deviceId;
    // Only a deviceId a conversion can name: any other (from the query: a NUL, a space, 4 KB) can never convert, and
    // one the database refuses (PostgreSQL takes no NUL) would fail the whole tick's write, real borrowers' too.
    if (!deviceId || !DEVICE_ID.test(deviceId)) return;
    const open = this.o.releases();
    const market = holder.market && this.o.markets().includes(holder.market) ? holder.market : '';
    for (const r of releases) {
      if (!open.some((x) => x.id === r.id && x.experiment)) continue;
      const key = `${r.id}\u0000${deviceId}`;
      if (this.sent.has(key)) continue;
      if (this.sent.size >= REMEMBERED) this.sent.clear();
      this.sent.add(key);
      const at = (this.o.now ?? Date.now)();
      this.pending.push({ release: r.id, deviceId, arm: r.arm, market, at });
    }
    if (this.pending.length) this.flushing ??= new Promise<void>((done) => setImmediate(done)).then(() => this.write());
  };

  /** Resolves once every exposure seen so far is in the store (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async write() {
    const batch = this.pending;
    this.pending = [];
    try {
      await this.o.store.recordExposures(batch);
    } catch (e) {
      // Forgotten as sent, so the borrower's next view tries again.
      for (const x of batch) this.sent.delete(`${x.release}\u0000${x.deviceId}`);
      this.o.log?.(`experiments: ${batch.length} exposure(s) not stored (${(e as Error).message})`);
    } finally {
      this.flushing = this.pending.length ? this.write() : undefined;
    }
  }
}
