/**
 * Password hashing is the one expensive thing an anonymous client can start (POST /admin/api/login). Node's async
 * scrypt runs on libuv's thread pool (4 threads), which static files and compression also need: 24 parallel failed
 * logins held every thread for seconds and an app script took 8 s to load. This queue lets at most `concurrency`
 * hashes run at once (2 of the 4 threads stay free for serving) and at most `maxWaiting` wait; beyond that a hash is
 * refused at once with `HashQueueFull`, which the login answers as 503 with `Retry-After`.
 *
 * A queue in front of scrypt rather than a worker pool of our own: a worker's scrypt would still use the same libuv
 * pool (it is per process), so only a limit in front of it keeps threads free. Measured in
 * password-flood.timing.test.ts.
 */

/** Thrown instead of queueing: too many hashes already running and waiting. */
export class HashQueueFull extends Error {
  /** Seconds after which a retry has a fair chance: the time the queue ahead needs at the recent pace. */
  readonly retryAfterS: number;

  constructor(retryAfterS: number) {
    super(`Password checks are busy: try again in ${retryAfterS} s`);
    this.name = 'HashQueueFull';
    this.retryAfterS = retryAfterS;
  }
}

export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Average duration of a hash (ms), for `Retry-After`; OWASP scrypt took ~0.7 s on the 2-core test box. */
  private avgMs = 700;

  constructor(
    readonly concurrency = 2,
    readonly maxWaiting = 8,
  ) {}

  /** Hashes running / waiting right now (tests, metrics). */
  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  /** Runs `hash` when a slot is free; throws `HashQueueFull` at once when the wait list is full. */
  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new HashQueueFull(this.retryAfter());
      // The slot is handed over by the finishing hash (running stays counted), so no newcomer can jump the line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const t0 = performance.now();
    try {
      return await hash();
    } finally {
      this.avgMs = 0.8 * this.avgMs + 0.2 * (performance.now() - t0);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Whole seconds until the hashes running and waiting now are done, at least 1. */
  private retryAfter(): number {
    const rounds = Math.ceil((this.running + this.waiting.length) / this.concurrency);
    return Math.max(1, Math.ceil((rounds * this.avgMs) / 1000));
  }
}

/** The process's one queue: libuv's pool is per process, so every hash in it (logins, re-hashes, new users) shares it. */
export const passwordHashes = new HashQueue(2, 8);
