/**
 * `POST /config/v1/beacon`: the renderer's telemetry arrives here, sent by `navigator.sendBeacon` as a JSON
 * blob. Public (a borrower's page has no credentials to give), so everything about it is defensive: a cap per client
 * address before anything is read, at most 4096 bytes, JSON only, the schema (schemas/beacon.json: ids, counts and
 * timings, nothing personal can fit) with the failing JSON pointer named, and only what is published counted
 * (beacon-counts.ts). Garbage is a 4xx and changes no count; a beacon is written in one transaction; 204 when counted.
 * A release's figures move only for views with a valid view ticket, once each, and at most
 * `BEACON_VIEWS_PER_ADDRESS` page views and as many errors per client address and release, in the store, so replicas
 * share the caps. The store keeps an HMAC of the address (with a key every replica shares), never the address.
 */
import { intSetting } from '../http/int-setting.js';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { Router, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Beacon } from '../../schemas/generated/types.js';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../http/json-body.js';
import { fromRoot } from '../project-root.js';
import type { PublishedSnapshot } from '../published/snapshot.js';
import type { TelemetryStore } from '../store/telemetry-records.js';
import { beaconCounts } from './beacon-counts.js';
import type { ViewTickets } from './view-ticket.js';
import { systemClock, type Clock } from '../clock.js';

export const BEACON_MAX_BYTES = 4096;

/** Beacons per client address and window (per replica). */
export interface BeaconLimit {
  limit: number;
  windowMs: number;
}

/**
 * A page sends a beacon when it is hidden or every few page views; 120 a minute is far above one borrower's pace and
 * leaves room for a few dozen borrowers behind one carrier-grade NAT address.
 */
export const DEFAULT_BEACON_LIMIT: BeaconLimit = { limit: 120, windowMs: 60_000 };

/** `BEACON_RATE_LIMIT`: beacons per client address and minute (default 120). */
export function beaconLimitFromEnv(env: NodeJS.ProcessEnv): BeaconLimit {
  const limit = intSetting(env, 'BEACON_RATE_LIMIT', {
    fallback: DEFAULT_BEACON_LIMIT.limit,
    min: 1,
    max: 1_000_000,
    unit: 'beacons per client and minute',
  });
  return { limit, windowMs: DEFAULT_BEACON_LIMIT.windowMs };
}

/**
 * Counted page views (and counted errors) per client address and release. A handful: a borrower sees a few screens of a
 * release per visit, and one address (one machine, or a NAT) must not decide a release (README: the residual risk).
 */
export const DEFAULT_VIEWS_PER_ADDRESS = 4;

/** `BEACON_VIEWS_PER_ADDRESS`: counted page views and errors per client address and release (default 4). */
export function beaconViewsPerAddressFromEnv(env: NodeJS.ProcessEnv): number {
  return intSetting(env, 'BEACON_VIEWS_PER_ADDRESS', {
    fallback: DEFAULT_VIEWS_PER_ADDRESS,
    min: 1,
    max: 10_000,
    unit: 'page views per client address and release',
  });
}

/**
 * The IPv6 prefix that counts as one client address for the caps: a network hands a phone or a home a whole /64 and
 * the device picks any address in it (privacy addresses), so per single IPv6 address one phone would be 2^64 addresses.
 */
const IPV6_CLIENT_PREFIX = 64;

/** The store's shared secret that client addresses are hashed with. */
const ADDRESS_KEY_NAME = 'beacon-address-key';

let compiled: ValidateFunction<Beacon> | undefined;
/** The schema's validator, compiled on first use (strict, as documents are; first error only: garbage needs no list). */
function validator(): ValidateFunction<Beacon> {
  if (!compiled) {
    const ajv = new Ajv2020({ strict: true, allErrors: false, $data: false });
    compiled = ajv.compile<Beacon>(JSON.parse(readFileSync(fromRoot('schemas/beacon.json'), 'utf8')));
  }
  return compiled;
}

export interface BeaconOptions {
  snapshot: () => PublishedSnapshot;
  telemetry: TelemetryStore;
  limit?: BeaconLimit;
  /** Signs and verifies view tickets: only their views count for a release. */
  tickets: ViewTickets;
  /** Counted page views and errors per client address and release (default 4). */
  viewsPerAddress?: number;
  /** Called after a beacon was counted (the guard looks sooner). */
  onCounted?: () => void;
  /** When view ids expire (default the system's clock). */
  clock?: Clock;
}

export function beaconRouter(opts: BeaconOptions) {
  const router = Router();
  const { limit, windowMs } = opts.limit ?? DEFAULT_BEACON_LIMIT;
  // Per client address as express sees it: the TCP peer, or what a trusted proxy says (TRUST_PROXY).
  const perClient = rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: 'beacon',
    handler: (_req, _res, next) =>
      next(
        new HttpError(429, `Too many beacons from your address: at most ${limit} per ${Math.round(windowMs / 1000)} s`),
      ),
  });
  const validate = validator();
  const cap = opts.viewsPerAddress ?? DEFAULT_VIEWS_PER_ADDRESS;
  let addressKey: Promise<string> | undefined;
  /** What the store keeps of a client address: an HMAC with a key every replica shares (asked for once). */
  const addressOf = async (ip: string) => {
    const key = await (addressKey ??= opts.telemetry
      .sharedSecret(ADDRESS_KEY_NAME, () => randomBytes(32).toString('base64url'))
      .catch((e: unknown) => {
        addressKey = undefined;
        throw e;
      }));
    return createHmac('sha256', key).update(ip).digest('base64url').slice(0, 32);
  };
  const jsonOnly: RequestHandler = (req, _res, next) => {
    if (!req.is('application/json'))
      throw new HttpError(
        415,
        'Send the beacon as Content-Type: application/json (a Blob of that type with navigator.sendBeacon)',
      );
    next();
  };

  router.post(
    '/beacon',
    perClient,
    jsonOnly,
    jsonBody({ limit: `${BEACON_MAX_BYTES}b`, maxDepth: 6 }),
    async (req, res) => {
      const beacon: unknown = req.body;
      if (!validate(beacon)) {
        const e = validate.errors![0];
        const at = e.instancePath || '/';
        const message = `${e.message ?? 'is not allowed'}${e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : ''}`;
        throw new HttpError(400, `The beacon does not match schemas/beacon.json at ${at}: ${message}`, {
          errors: [{ instancePath: e.instancePath, message }],
        });
      }
      const { batch, views } = beaconCounts(beacon, opts.snapshot(), opts.tickets);
      const ticketed = views.length
        ? {
            address: await addressOf(ipKeyGenerator(req.ip ?? '', IPV6_CLIENT_PREFIX)),
            cap,
            now: Math.floor((opts.clock ?? systemClock).now() / 1000),
            views,
          }
        : undefined;
      await opts.telemetry.add(batch, ticketed);
      opts.onCounted?.();
      res.setHeader('Cache-Control', 'no-store');
      res.status(204).end();
    },
  );
  return router;
}
