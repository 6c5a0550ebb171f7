/**
 * View tickets: what the guard trusts. The server hands one out with every page view it serves to a borrower
 * in a release (a drawn page's hand-off, `X-View-Ticket` on a screen the app fetches); the renderer sends it back with
 * the view's beacon, and only a view with a valid ticket counts for a release (beacon-counts.ts), once (the store
 * records its view id). The arm is the ticket's, never the beacon body's.
 *
 * Token: base64url(JSON payload) "." base64url(HMAC-SHA256(payload part)). The payload names a random view id, the
 * screen, the releases in flight for the view with this borrower's arm of each, and an expiry: nothing personal (no
 * deviceId, token or address). It is signed, not encrypted: what it says is what `X-Config-Release` already says.
 *
 * Keys: `VIEW_TICKET_KEYS`, comma-separated secrets of at least 32 characters; the first signs, all verify, so a key is
 * rotated without downtime (add the new one in front on every replica, drop the old one after the TTL). Unset: one
 * random key made once and kept in the store, so every replica shares it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Arm } from '../store/telemetry-records.js';
import { systemClock, type Clock } from '../clock.js';

/** How long a ticket counts: a borrower may leave a page open a while before its beacon leaves. */
export const TICKET_TTL_S = 2 * 60 * 60;
/** The longest token the beacon schema takes (8 releases in flight fit in about 400 characters). */
export const TICKET_MAX_LENGTH = 700;
/** The beacon schema's pattern for a token (schemas/beacon.json keeps the same). */
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{20,640}\.[A-Za-z0-9_-]{43}$/;
const MIN_KEY_CHARS = 32;
/** Releases one ticket names at most (the beacon schema's old limit per screen). */
const MAX_RELEASES = 8;
const RELEASE_ID = /^rel-[0-9a-f]{10}$/;
const SCREEN_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const VIEW_ID = /^[A-Za-z0-9_-]{22}$/;
/** Name of the store's shared secret used when VIEW_TICKET_KEYS is unset. */
export const STORED_KEY_NAME = 'view-ticket-key';

export interface TicketRelease {
  id: string;
  arm: Arm;
}

/** What a valid ticket says. */
export interface ViewTicket {
  /** Random view id (16 bytes, base64url): a ticket counts once. */
  view: string;
  screen: string;
  releases: TicketRelease[];
  /** Expiry, epoch seconds. */
  exp: number;
}

/** Where a key every replica shares is kept (the telemetry stores: insert-if-absent, then read back). */
export interface SharedSecrets {
  sharedSecret(name: string, fresh: () => string): Promise<string>;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** Who a ticket was minted for (never in the ticket): what an experiment's exposure records. */
export interface TicketHolder {
  deviceId?: string;
  market?: string;
}

/** Told of every ticket minted: the server handed this borrower a view of a screen these releases touch. */
export type MintListener = (releases: readonly TicketRelease[], holder: TicketHolder) => void;

export class ViewTickets {
  private readonly keys: Buffer[];
  /** Experiments' exposures (releases/exposure-recorder.ts) listen here: what the server served, no beacon needed. */
  onMint?: MintListener;

  /** `keys`: the first signs, every one verifies. `now`: epoch ms (tests move the clock). */
  constructor(
    keys: readonly string[],
    private readonly ttlS = TICKET_TTL_S,
    private readonly now: () => number = () => systemClock.now(),
  ) {
    if (!keys.length) throw new Error('ViewTickets needs at least one key');
    this.keys = keys.map((k) => Buffer.from(k, 'utf8'));
  }

  /** A fresh ticket for one view of `screen`; undefined when no release is in flight for it (nothing to count). */
  mint(screen: string, releases: readonly TicketRelease[], holder: TicketHolder = {}): string | undefined {
    const r = releases.filter((x) => RELEASE_ID.test(x.id)).slice(0, MAX_RELEASES);
    if (!r.length || !SCREEN_ID.test(screen)) return undefined;
    this.onMint?.(r, holder);
    const payload = b64(
      JSON.stringify({
        v: b64(randomBytes(16)),
        s: screen,
        r: r.map((x) => [x.id, x.arm === 'candidate' ? 'c' : 'b']),
        e: Math.floor(this.now() / 1000) + this.ttlS,
      }),
    );
    return `${payload}.${this.sign(this.keys[0], payload)}`;
  }

  /** What a token says when one of the keys signed it and it has not expired; undefined for anything else. */
  verify(token: unknown): ViewTicket | undefined {
    if (typeof token !== 'string' || token.length > TICKET_MAX_LENGTH || !TICKET_PATTERN.test(token)) return undefined;
    const [payload, sig] = token.split('.');
    const given = Buffer.from(sig, 'base64url');
    // Every key is tried, in constant time each: which key signed says nothing about the secret.
    let ok = false;
    for (const k of this.keys) {
      const want = Buffer.from(this.sign(k, payload), 'base64url');
      if (want.length === given.length && timingSafeEqual(want, given)) ok = true;
    }
    if (!ok) return undefined;
    return this.readPayload(payload);
  }

  private readPayload(payload: string): ViewTicket | undefined {
    let p: { v?: unknown; s?: unknown; r?: unknown; e?: unknown };
    try {
      p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof p;
    } catch {
      return undefined;
    }
    // Signed by us, so well formed; checked all the same (a leaked key must not reach the store with odd values).
    if (
      !p ||
      typeof p !== 'object' ||
      typeof p.v !== 'string' ||
      !VIEW_ID.test(p.v) ||
      typeof p.s !== 'string' ||
      !SCREEN_ID.test(p.s)
    )
      return undefined;
    if (typeof p.e !== 'number' || !Number.isInteger(p.e) || p.e <= Math.floor(this.now() / 1000)) return undefined;
    if (!Array.isArray(p.r) || !p.r.length || p.r.length > MAX_RELEASES) return undefined;
    const releases: TicketRelease[] = [];
    for (const x of p.r as unknown[]) {
      if (!Array.isArray(x) || typeof x[0] !== 'string' || !RELEASE_ID.test(x[0]) || (x[1] !== 'b' && x[1] !== 'c'))
        return undefined;
      releases.push({ id: x[0], arm: x[1] === 'c' ? 'candidate' : 'base' });
    }
    return { view: p.v, screen: p.s, releases, exp: p.e };
  }

  private sign(key: Buffer, payload: string): string {
    return createHmac('sha256', key).update(payload).digest('base64url');
  }
}

/** `VIEW_TICKET_KEYS` as a list of keys, undefined when unset; a malformed value stops the start, saying why. */
export function viewTicketKeysFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.VIEW_TICKET_KEYS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const keys = raw.split(',').map((k) => k.trim());
  keys.forEach((k, i) => {
    if (k.length < MIN_KEY_CHARS) {
      throw new Error(
        `VIEW_TICKET_KEYS: key ${i + 1} of ${keys.length} has ${k.length} characters, at least ${MIN_KEY_CHARS} are needed (comma-separated secrets, the first signs; e.g. openssl rand -base64 33)`,
      );
    }
    if (/\s/.test(k)) throw new Error(`VIEW_TICKET_KEYS: key ${i + 1} of ${keys.length} contains white space`);
  });
  if (new Set(keys).size !== keys.length) throw new Error('VIEW_TICKET_KEYS: a key is listed twice');
  return keys;
}

/** The server's tickets: the keys of VIEW_TICKET_KEYS, else the one key every replica shares through the store. */
export async function viewTicketsFor(
  env: NodeJS.ProcessEnv,
  secrets: SharedSecrets,
  keys = viewTicketKeysFromEnv(env),
  clock: Clock = systemClock,
): Promise<ViewTickets> {
  return new ViewTickets(
    keys ?? [await secrets.sharedSecret(STORED_KEY_NAME, () => randomBytes(32).toString('base64url'))],
    TICKET_TTL_S,
    () => clock.now(),
  );
}
