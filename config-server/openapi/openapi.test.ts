import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';
import { checkedFetch, checkExchange } from './check.js';
import { openapiDocument } from './document.js';

let s: TestServer;
let pat: Client;
beforeAll(async () => {
  // No room for live streams: a stream never ends, so its call here is answered 503 (described) instead;
  // live/live-stream.test.ts checks the streams themselves.
  s = await startTestServer({ env: { LIVE_MAX_STREAMS: '0' } });
  pat = await login(s.url, 'pat');
});
afterAll(() => s?.stop());

type Paths = Record<string, Record<string, { operationId: string }>>;
const paths = () => (openapiDocument() as { paths: Paths }).paths;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every API route express really has, as `METHOD /path/{param}` (the description's spelling). */
function expressRoutes(): string[] {
  type Layer = {
    route?: { path: string; methods: Record<string, boolean> };
    handle: { stack?: Layer[] };
    rawPath?: unknown;
  };
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const l of stack) {
      if (l.route) {
        const path = (prefix + l.route.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        for (const m of Object.keys(l.route.methods)) if (METHODS.has(m)) out.push(`${m.toUpperCase()} ${path}`);
      } else if (l.handle.stack)
        walk(l.handle.stack, prefix + (typeof l.rawPath === 'string' && l.rawPath !== '/' ? l.rawPath : ''));
    }
  };
  walk((s.config.app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  // The app's pages and files are not an API.
  return out.filter((r) => /^[A-Z]+ \/(config\/|admin\/api\/|sandbox\/|healthz$|openapi\.json$)/.test(r)).sort();
}

function describedOperations(): string[] {
  return Object.entries(paths())
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
}

describe('OpenAPI description', () => {
  it('describes exactly the routes the server has (a new route without a description fails here)', () => {
    const routes = expressRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(
      routes.filter((r) => !describedOperations().includes(r)),
      'routes not described',
    ).toEqual([]);
    expect(
      describedOperations().filter((o) => !routes.includes(o)),
      'described but not served',
    ).toEqual([]);
  });

  it('describes every call of the API map (the sandbox stands in for all of them)', () => {
    const map = JSON.parse(readFileSync('screens/maps/api-map.json', 'utf8')) as {
      baseUrl: string;
      endpoints: Record<string, { method: string; path: string }>;
    };
    const calls = Object.values(map.endpoints).map((e) => `${e.method.toUpperCase()} ${map.baseUrl}${e.path}`);
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((c) => !describedOperations().includes(c))).toEqual([]);
  });

  it('is served at /openapi.json, stand-alone (the sandbox request schemas bundled in)', async () => {
    const r = await checkedFetch(`${s.url}/openapi.json`);
    expect(r.status).toBe(200);
    const text = await r.text();
    const doc = JSON.parse(text);
    expect(doc.openapi).toBe('3.1.0');
    const refs = [...text.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => !ref.startsWith('#/'))).toEqual([]);
    expect(doc.components.schemas['sandbox-complaints'].$defs['save-score'].required).toEqual(['score', 'problemId']);
  });

  it('answers every operation, called without its input, with a described response', async () => {
    const sample: Record<string, string> = {
      kind: 'screen',
      id: 'no-such-id',
      version: '999',
      name: 'no-such-name',
      file: '999999.svg',
      templateId: 'no-such-template',
    };
    const ops = describedOperations().filter((o) => o !== 'POST /admin/api/logout');
    for (const op of [...ops, 'POST /admin/api/logout']) {
      const [method, template] = op.split(' ');
      const path = template.replace(/\{([^}]+)\}/g, (_m, n: string) => sample[n]);
      // Through the checking client: a response the description does not allow throws here.
      const r = template.startsWith('/admin/api/')
        ? await pat.req(method, path)
        : await checkedFetch(s.url + path, { method });
      // The live streams' refusal (LIVE_MAX_STREAMS=0 above) is their described 503, checked like any answer.
      if (op.endsWith(' /admin/api/live')) expect(r.status, op).toBe(503);
      else expect(r.status, op).toBeLessThan(500);
    }
  });
});

describe('the checker', () => {
  const json = new Headers({ 'content-type': 'application/json' });
  const exchange = (over: Partial<Parameters<typeof checkExchange>[0]>) =>
    checkExchange({
      method: 'GET',
      url: 'http://h/config/v1/bundle?market=ID',
      requestHeaders: new Headers(),
      status: 200,
      responseHeaders: json,
      responseText: '{}',
      ...over,
    });

  it('refuses an operation that is not described', () => {
    expect(() => exchange({ url: 'http://h/admin/api/search', status: 200 })).toThrow(/not described/);
  });

  it('refuses a status or a body the description does not give', () => {
    expect(() => exchange({ status: 418, responseText: '{"error":{"status":418,"message":"x"}}' })).toThrow(
      /status 418 is not described/,
    );
    expect(() => exchange({ responseText: '{"market":{}}' })).toThrow(/does not match/);
    expect(() => exchange({ status: 400, responseText: '{"message":"x"}' })).toThrow(/does not match/);
  });

  it('refuses a request the description forbids when the server accepted it, and lets a refusal pass', () => {
    const sandbox = {
      method: 'POST',
      url: 'http://h/sandbox/user-problem/save-score',
      requestBody: new URLSearchParams({ score: '9', problemId: '1' }),
    };
    expect(() => exchange({ ...sandbox, responseText: '{"code":"00","message":"ok","data":null}' })).toThrow(
      /not allowed by the description/,
    );
    expect(
      exchange({
        ...sandbox,
        responseText: '{"code":"400","message":"score: must be a whole number from 1 to 5","data":null}',
      }),
    ).toBe('sandboxSaveScore');
    expect(() => exchange({ url: 'http://h/config/v1/bundle', responseText: '{}' })).toThrow(/market is required/);
  });
});
