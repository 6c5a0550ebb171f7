/**
 * Who holds this replica's live streams: borrowers' by client address, and the console's apart. `take` answers a
 * release function, or why there is no room (the route turns it into 503 or 429 with Retry-After).
 */
import type { StreamCaps } from './stream-caps.js';

export type StreamRefusal = 'borrowers-full' | 'address-full' | 'consoles-full';

export class StreamQuota {
  private borrowers = 0;
  private consoles = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(readonly caps: Pick<StreamCaps, 'borrowers' | 'consoles' | 'perAddress'>) {}

  take(kind: 'borrower' | 'console', address: string): (() => void) | StreamRefusal {
    if (kind === 'console') {
      if (this.consoles >= this.caps.consoles) return 'consoles-full';
      this.consoles++;
      return this.once(() => this.consoles--);
    }
    if (this.borrowers >= this.caps.borrowers) return 'borrowers-full';
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.caps.perAddress) return 'address-full';
    this.borrowers++;
    this.byAddress.set(address, held + 1);
    return this.once(() => {
      this.borrowers--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    });
  }

  /** Streams held by one address now (tests, metrics). */
  heldBy(address: string) {
    return this.byAddress.get(address) ?? 0;
  }

  private once(release: () => void) {
    let done = false;
    return () => {
      if (!done) release();
      done = true;
    };
  }
}
