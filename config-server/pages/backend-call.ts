import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import type { HttpCall } from '../../renderer/core/index.js';
import { withoutForbiddenHeaders } from '../http/forbidden-headers.js';
import { backendOriginsFromEnv } from '../http/security-settings.js';
import type { PrefetchOutcome } from '../ops/telemetry.js';

/** Sends one planned call (the origin allow-list and the time budget are this module's business). */
export type SendCall = (call: HttpCall) => Promise<{ status: number; text: string }>;

/** Server-side data calls while rendering a page: where they may go and how long they may take. */
export interface SsrSettings {
  /** Draw pages on the server at all (`SSR=off` turns it off: the app draws every page, as it once did). */
  render?: boolean;
  /** Backend origins the server may call (`SSR_BACKEND_ORIGINS`, comma-separated); the server's own origin always. */
  allowedOrigins: string[];
  /** Time budget of a page's server calls in ms (`SSR_PREFETCH_BUDGET_MS`, default 300; 0 turns them off). */
  budgetMs: number;
}

export const DEFAULT_BUDGET_MS = 300;

export function ssrSettingsFromEnv(env: NodeJS.ProcessEnv): SsrSettings {
  const allowedOrigins = backendOriginsFromEnv(env);
  const n = Number(env.SSR_PREFETCH_BUDGET_MS);
  const budgetMs = env.SSR_PREFETCH_BUDGET_MS !== undefined && Number.isFinite(n) && n >= 0 ? n : DEFAULT_BUDGET_MS;
  return { render: env.SSR !== 'off', allowedOrigins, budgetMs };
}

/** Thrown errors never carry the URL: its query holds the borrower's token, and errors end in logs. */
class RefusedCall extends Error {
  constructor(
    message: string,
    readonly outcome: PrefetchOutcome,
  ) {
    super(message);
  }
}

/**
 * Kept-alive connections to the backend, shared by every page request: node:http rather than fetch, which
 * took five times the CPU per call here (1.48 vs 0.30 ms: its WHATWG layers, streams, Headers, a timer per call).
 */
const AGENT = {
  keepAlive: true,
  maxSockets: 64,
  // An idle connection is dropped a second before the backend's announced `Keep-Alive: timeout=N`: Node applies
  // that hint only when the agent has a timeout of its own, and without it kept a connection the backend had
  // already closed, and the next call on it failed. The calls' own deadline is far shorter than this.
  timeout: 60_000,
};
const agents = { 'http:': new http.Agent(AGENT), 'https:': new https.Agent(AGENT) };
/**
 * An answer larger than this is not drawn into a page: the app makes the call itself. Drawing is synchronous, so the
 * cap bounds how long one page's drawing holds every other request back: a list answer of 1.4 MB took 3 s to draw here
 * (production React), 140 KB 0.2-0.7 s, and its page was 4-5 times the answer's size on the borrower's data plan.
 */
export const MAX_ANSWER_BYTES = 256 * 1024;

const inflaters = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  raw: promisify(inflateRaw),
  br: promisify(brotliDecompress),
};

/**
 * The answer's bytes with its `Content-Encoding` undone, as a browser undoes it: a backend (or a proxy before it) may
 * compress although asked for `identity`, and its answer read compressed would draw the page without its data. At most
 * `MAX_ANSWER_BYTES` once inflated (a RangeError past it). `deflate` is zlib-wrapped by the standard and raw from some
 * servers; browsers take both. Anything else is refused.
 */
async function decoded(encoding: string | undefined, body: Buffer): Promise<Buffer> {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  const opts = { maxOutputLength: MAX_ANSWER_BYTES };
  // Undone last applied first.
  for (const coding of codings.reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') body = await inflaters.gzip(body, opts);
    else if (coding === 'br') body = await inflaters.br(body, opts);
    else if (coding === 'deflate')
      body = await inflaters.deflate(body, opts).catch((e: unknown) => {
        if (e instanceof RangeError) throw e;
        return inflaters.raw(body, opts);
      });
    else throw new Error(`unknown content coding ${coding}`);
  }
  return body;
}

/**
 * The answer's text as a browser reads it: its UTF-8 decoding drops a leading byte order mark (which some backends
 * write), and JSON.parse refuses one, so kept here it would read as no envelope and draw the page without its data.
 */
const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/**
 * One request, uncompressed, given up after `timeoutMs`; never follows a redirect. A kept-alive connection the backend
 * closed as it was reused (reset before any answer) is tried once more on a new one, as Node's documentation advises:
 * the server makes only reads (`firstCall.by: server`), and a reused connection has no other way to fail so early.
 */
function request(
  url: URL,
  call: HttpCall,
  timeoutMs: number,
  retried = false,
): Promise<{ status: number; text: string }> {
  const until = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string, outcome: PrefetchOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new RefusedCall(why, outcome));
    };
    // Uncompressed: the backend sits next to this server, and compressing an answer only to inflate it here
    // costs both sides CPU for no gain on a local network (one compressed all the same is inflated: `decoded`).
    // Headers HTTP manages (Host, Cookie, framing, hop-by-hop) never come from an API map, even one published
    // before validation refused them: the call goes where the URL says, framed by this code.
    const headers: Record<string, string> = { ...withoutForbiddenHeaders(call.headers), 'Accept-Encoding': 'identity' };
    if (call.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(call.body));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: call.method, headers, agent: agents[url.protocol as 'http:'] }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) fail('answer too large', 'too_large');
        else chunks.push(chunk);
      });
      res.on('error', () => fail('backend unreachable', 'unreachable'));
      res.on('end', () => {
        if (settled) return;
        decoded(res.headers['content-encoding'], Buffer.concat(chunks)).then(
          (body) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, text: withoutBom(body.toString('utf8')) });
          },
          (e: unknown) =>
            e instanceof RangeError
              ? fail('answer too large', 'too_large')
              : fail('answer in an unreadable encoding', 'unreachable'),
        );
      });
    });
    const timer = setTimeout(() => fail('over the server render budget', 'timeout'), timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (!settled && !retried && req.reusedSocket && e.code === 'ECONNRESET' && until > Date.now()) {
        settled = true;
        clearTimeout(timer);
        resolve(request(url, call, until - Date.now(), true));
      } else fail('backend unreachable', 'unreachable');
    });
    req.end(call.body);
  });
}

/**
 * Sends the server's data calls (no axios: one per page request, so its request pipeline showed in
 * profiles): only to an allowed origin (a same-origin `baseUrl` such as `/sandbox` means this server,
 * reached on its own listening address, never through the Host header), given up once `deadline` passes.
 */
export function ssrFetch(opts: {
  selfOrigin: string;
  allowedOrigins: string[];
  deadline: number;
  observe?: (outcome: PrefetchOutcome, seconds: number) => void;
}): SendCall {
  const send = sendWithin(opts);
  if (!opts.observe) return send;
  const observe = opts.observe;
  // Each call's outcome and time, for /metrics (ok: an answer arrived, whatever its status).
  return async (call) => {
    const started = performance.now();
    try {
      const answer = await send(call);
      observe('ok', (performance.now() - started) / 1000);
      return answer;
    } catch (e) {
      observe(e instanceof RefusedCall ? e.outcome : 'unreachable', (performance.now() - started) / 1000);
      throw e;
    }
  };
}

function sendWithin(opts: { selfOrigin: string; allowedOrigins: string[]; deadline: number }): SendCall {
  return async (call) => {
    const absolute = /^https?:\/\//.test(call.url) ? call.url : opts.selfOrigin + call.url;
    const url = new URL(absolute);
    if (url.origin !== opts.selfOrigin && !opts.allowedOrigins.includes(url.origin)) {
      throw new RefusedCall(`backend origin ${url.origin} is not in SSR_BACKEND_ORIGINS`, 'refused');
    }
    const left = opts.deadline - Date.now();
    if (left <= 0) throw new RefusedCall('no time left in the server render budget', 'timeout');
    return request(url, call, left);
  };
}
