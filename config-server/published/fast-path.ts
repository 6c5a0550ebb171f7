import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { notModified, PUBLIC_CACHE_CONTROL } from '../http/conditional.js';
import { malformedPart } from '../http/percent-encoding.js';
import type { Entry, PublishedSnapshot } from './snapshot.js';
import { borrowerParams, type Who } from '../releases/borrower-params.js';
import type { ViewTickets } from '../releases/view-ticket.js';

export type HeaderSet = Record<string, string>;
type Encoding = 'br' | 'gzip' | 'identity';

/** Below this, compressing costs more than it saves (the same threshold `compression` uses). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * The headers a (synchronous, request-independent) middleware such as helmet sets, captured once by
 * running it against a stand-in response, so the fast path sends exactly what the express chain sends.
 */
export function captureHeaders(middleware: RequestHandler): HeaderSet {
  const headers: HeaderSet = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let done = false;
  middleware(
    { headers: {}, method: 'GET', url: '/' } as never,
    res as never,
    ((err?: unknown) => {
      if (err) throw err;
      done = true;
    }) as never,
  );
  if (!done) throw new Error('captureHeaders: the middleware did not finish synchronously');
  return headers;
}

/**
 * How much a request's `Accept-Encoding` wants brotli and gzip: each one's q, `*`'s where it is not named, 0 where
 * neither is (refused, or no header).
 */
export function encodingWeights(acceptEncoding: string | undefined): { br: number; gzip: number } {
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of acceptEncoding?.split(',') ?? []) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (name === 'br') br = q;
    else if (name === 'gzip') gzip = q;
    else if (name === '*') any = q;
  }
  return { br: Math.max(br < 0 ? any : br, 0), gzip: Math.max(gzip < 0 ? any : gzip, 0) };
}

/** The encoding `compression` would pick: brotli over gzip on equal q, identity when neither is acceptable. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const { br, gzip } = encodingWeights(acceptEncoding);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

interface Variant {
  headers: HeaderSet;
  body: Buffer;
}

interface Variants {
  identity: Variant;
  notModified: HeaderSet;
  gzip?: Variant;
  br?: Variant;
}

const BUNDLE = '/config/v1/bundle';
const SCREENS = '/config/v1/screens/';
const TEMPLATES = '/config/v1/templates/';

/** One path segment after `prefix`, decoded as express decodes route params; undefined when not exactly one. */
function segment(path: string, prefix: string): string | undefined {
  const raw = path.slice(prefix.length);
  if (!raw || raw.includes('/')) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * `GET/HEAD /config/v1/*` answered straight from the published snapshot, in front of express: the
 * response headers (security headers, ETag, Cache-Control, Vary) are built once per body, and gzip and
 * brotli bodies are compressed once per published body, on first request. Only requests that resolve
 * to a published body are answered here; anything else (a bad or missing query parameter, an unknown
 * screen, another method) returns false and goes through the express router, which owns every error
 * response. One instance per snapshot: a publish builds a new one, so nothing here is ever stale.
 */
export class PublicFastPath {
  private readonly variants = new Map<Entry, Variants>();

  constructor(
    private readonly snap: PublishedSnapshot,
    private readonly baseHeaders: HeaderSet,
    private readonly tickets?: ViewTickets,
  ) {}

  /** True when it answered the request. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url;
    // Malformed %-escapes: express's first middleware answers 400 (http/percent-encoding.ts).
    if (!url || !url.startsWith('/config/v1/') || malformedPart(url)) return false;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    let ticket: string | undefined;
    const entry = this.resolve(path, q < 0 ? '' : url.slice(q + 1), (t) => (ticket = t));
    if (!entry) return false;
    const v = this.variantsOf(entry);
    // A view ticket is minted per response, never kept with the cached headers; a body that carries one is
    // this borrower's view, so no shared cache keeps it.
    const own = (h: HeaderSet) =>
      ticket ? { ...h, 'Cache-Control': 'private, no-cache', 'X-View-Ticket': ticket } : h;
    if (notModified(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, own(v.notModified)).end();
      return true;
    }
    // HEAD: the identity headers, as `compression` leaves HEAD responses alone.
    const chosen = req.method === 'HEAD' ? v.identity : this.encoded(v, pickEncoding(req.headers['accept-encoding']));
    res.writeHead(200, own(chosen.headers));
    if (req.method === 'HEAD') res.end();
    else res.end(chosen.body);
    return true;
  }

  private resolve(path: string, query: string, withTicket: (t: string | undefined) => void): Entry | undefined {
    // Who the borrower is (their common params) is read only for a body with a release in flight.
    let params: URLSearchParams | undefined;
    const who = (): Who => borrowerParams(this.snap.arms!.names, (params ??= new URLSearchParams(query)));
    if (path === BUNDLE) {
      params = new URLSearchParams(query);
      const markets = params.getAll('market');
      const locales = params.getAll('locale');
      if (markets.length !== 1 || locales.length > 1) return undefined;
      return this.snap.bundleFor(markets[0], locales[0], who);
    }
    if (path.startsWith(SCREENS)) {
      const id = segment(path, SCREENS);
      if (id === undefined) return undefined;
      const e = this.snap.screenFor(id, who);
      if (e && this.tickets && this.snap.arms)
        withTicket(this.tickets.mint(id, this.snap.arms.screenView(e, who()), who()));
      return e;
    }
    if (path.startsWith(TEMPLATES)) {
      const id = segment(path, TEMPLATES);
      return id === undefined ? undefined : this.snap.templateFor(id, who);
    }
    return undefined;
  }

  private variantsOf(entry: Entry): Variants {
    let v = this.variants.get(entry);
    if (!v) {
      const validators: HeaderSet = {
        ETag: entry.etag,
        'Cache-Control': PUBLIC_CACHE_CONTROL,
        Vary: 'Accept-Encoding',
      };
      // Kept by a 304 too: the cached copy then says which arm it is.
      if (entry.release) validators['X-Config-Release'] = entry.release;
      v = {
        // A 304 only refreshes the cached 200, which keeps its own security headers (RFC 9111 §4.3.4):
        // repeating the ~1 KB of helmet headers on every revalidation was most of a 304's cost.
        notModified: validators,
        identity: {
          body: entry.body,
          headers: {
            ...this.baseHeaders,
            ...validators,
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': String(entry.body.length),
          },
        },
      };
      this.variants.set(entry, v);
    }
    return v;
  }

  private encoded(v: Variants, encoding: Encoding): Variant {
    if (encoding === 'identity' || v.identity.body.length < MIN_COMPRESS_BYTES) return v.identity;
    let out = v[encoding];
    if (!out) {
      const body =
        encoding === 'br'
          ? brotliCompressSync(v.identity.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: v.identity.body.length,
              },
            })
          : gzipSync(v.identity.body, { level: 9 });
      out = {
        body,
        headers: { ...v.identity.headers, 'Content-Encoding': encoding, 'Content-Length': String(body.length) },
      };
      v[encoding] = out;
    }
    return out;
  }
}
