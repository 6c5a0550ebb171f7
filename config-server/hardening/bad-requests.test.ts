/**
 * Bad requests to every endpoint (issue: hardening): the sandbox (every endpoint of the API map), the
 * public config API and the admin API get malformed JSON, wrong content types, huge bodies, arrays and
 * objects where strings go, `__proto__` keys and very long strings. None may answer 5xx (or a sandbox
 * envelope with code 500), leak a stack trace or pollute Object.prototype; a rejection names the field.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

interface Endpoint {
  method: string;
  path: string;
  encoding?: string;
}
const apiMap = JSON.parse(readFileSync('screens/maps/api-map.json', 'utf8')) as {
  baseUrl: string;
  endpoints: Record<string, Endpoint>;
};

/** Field names per request schema $def (the sandbox names its defs after the path's last segment). */
const fieldsByDef = new Map<string, string[]>();
for (const f of readdirSync('config-server/sandbox/requests').filter((n) => n.endsWith('.json'))) {
  const schema = JSON.parse(readFileSync(`config-server/sandbox/requests/${f}`, 'utf8')) as {
    $defs: Record<string, { properties?: Record<string, unknown> }>;
  };
  for (const [name, def] of Object.entries(schema.$defs ?? {}))
    fieldsByDef.set(name, Object.keys(def.properties ?? {}));
}
const ALL_FIELDS = [...new Set([...fieldsByDef.values()].flat())];
const fieldsOf = (ep: Endpoint) => fieldsByDef.get(ep.path.split('/').pop()!) ?? ['orderId', 'productId'];

const COMMON = 'market=ID&token=hardening&deviceId=d1';
const FORM = 'application/x-www-form-urlencoded';

/** The bad requests for one endpoint: [label, init, extra query]. */
function badRequests(ep: Endpoint): [string, RequestInit, string][] {
  const fields = fieldsOf(ep);
  const form = (pairs: string) => ({
    method: ep.method,
    headers: { 'content-type': FORM },
    body: ep.method === 'GET' ? undefined : pairs,
  });
  const q = (pairs: string) => (ep.method === 'GET' ? `&${pairs}` : '');
  const each = (fn: (f: string) => string) => fields.map(fn).join('&');
  const cases: [string, string][] = [
    ['nothing', ''],
    ['arrays where strings go', each((f) => `${f}=1&${f}=2`)],
    ['bracket arrays', each((f) => `${f}[]=a`)],
    ['objects where strings go', each((f) => `${f}[a]=1`)],
    ['empty strings', each((f) => `${f}=`)],
    ['prototype keys', '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x'],
    ['long strings', each((f) => `${f}=${'9'.repeat(100_000)}`)],
    [
      'naughty values',
      each((f) => `${f}=${encodeURIComponent("'; DROP TABLE x;-- <script>alert(1)</script> \u0000 \ud83d\ude00")}`),
    ],
    ['numbers out of range', each((f) => `${f}=-1e309`)],
  ];
  const out: [string, RequestInit, string][] = cases.map(([label, pairs]) => [label, form(pairs), q(pairs)]);
  if (ep.method !== 'GET') {
    out.push([
      'malformed JSON',
      { method: ep.method, headers: { 'content-type': 'application/json' }, body: '{"orderId": ' },
      '',
    ]);
    out.push([
      'JSON with __proto__ and arrays',
      {
        method: ep.method,
        headers: { 'content-type': 'application/json' },
        body: `{"__proto__": {"polluted": 1}, ${fields.map((f) => `"${f}": ["x"]`).join(', ') || '"a": 1'}}`,
      },
      '',
    ]);
    out.push(['text/plain', { method: ep.method, headers: { 'content-type': 'text/plain' }, body: 'orderId=1' }, '']);
    out.push(['xml', { method: ep.method, headers: { 'content-type': 'application/xml' }, body: '<a>1</a>' }, '']);
    out.push([
      'huge body',
      { method: ep.method, headers: { 'content-type': FORM }, body: `orderId=${'1'.repeat(3_000_000)}` },
      '',
    ]);
    out.push([
      'broken multipart',
      {
        method: ep.method,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
      },
      '',
    ]);
  }
  out.push([
    'common params as arrays',
    { method: ep.method, headers: { 'content-type': FORM }, body: ep.method === 'GET' ? undefined : '' },
    '&token=a&token=b&market[x]=1',
  ]);
  return out;
}

const STACK = /\n\s+at |node_modules|\.ts:\d+/;
let s: TestServer;
let ed: Client;
let pat: Client;
/** What the server logged with an error attached (the app's error level): a client's mistake never gets there. */
const loggedErrors: string[] = [];
beforeAll(async () => {
  s = await startTestServer({
    log: (m: string, err?: unknown) => void (err === undefined || loggedErrors.push(`${m} ${String(err)}`)),
  });
  [ed, pat] = await Promise.all([login(s.url, 'ed'), login(s.url, 'pat')]);
});
afterAll(async () => s?.stop());

async function expectHandled(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(text, `${what} leaks internals`).not.toMatch(STACK);
  return text;
}

describe('sandbox endpoints', () => {
  const tried: Record<string, number> = {};
  for (const [name, ep] of Object.entries(apiMap.endpoints)) {
    it(`${name} (${ep.method} ${ep.path}) answers every bad request without a 5xx`, async () => {
      for (const [label, init, extra] of badRequests(ep)) {
        const res = await fetch(`${s.url}${apiMap.baseUrl}${ep.path}?${COMMON}${extra}`, init);
        const text = await expectHandled(res, `${name}: ${label}`);
        tried[name] = (tried[name] ?? 0) + 1;
        if (!res.headers.get('content-type')?.includes('json')) continue;
        const body = JSON.parse(text) as { code?: unknown; status?: unknown; message?: string; detail?: string };
        expect(String(body.code ?? body.status), `${name}: ${label} → ${text.slice(0, 200)}`).not.toBe('500');
        if (String(body.code) === '400' && label === 'arrays where strings go' && fieldsOf(ep).length) {
          // The borrower's message is the market's copy; the developer's words (`detail`) name the field.
          expect(
            ALL_FIELDS.some((f) => body.detail?.includes(f)),
            `${name}: ${label} → ${body.detail} names no field`,
          ).toBe(true);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
  afterAll(() => console.log(`bad requests tried per sandbox endpoint: ${JSON.stringify(tried)}`));

  it('treats an optional numeric field sent empty (orderId= on problem-init) as absent', async () => {
    const res = await fetch(`${s.url}/sandbox/user-problem/problem-init?${COMMON}`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'orderId=',
    });
    const body = await res.json();
    expect(body.code).toBe('00');
  });
});

describe('public config API', () => {
  const paths = [
    '/config/v1/bundle',
    '/config/v1/bundle?market=ID',
    '/config/v1/bundle?market[]=ID',
    '/config/v1/bundle?market[__proto__]=1',
    '/config/v1/bundle?market=' + 'X'.repeat(50_000),
    '/config/v1/screens/%00',
    '/config/v1/screens/..%2f..%2fetc%2fpasswd',
    '/config/v1/screens/__proto__',
    '/config/v1/screens/constructor',
    '/config/v1/bundle?locale[a]=1&market=ID',
    '/config/v1/nope',
  ];
  it('answers odd queries and ids with JSON 4xx (or the document), never 5xx', async () => {
    for (const p of paths) {
      const variants: Record<string, string>[] = [
        {},
        { 'if-none-match': '"x", W/"y", *' },
        { 'if-none-match': '"'.repeat(10_000) },
        { 'accept-encoding': 'br;q=abc, gzip;q=-1' },
      ];
      for (const headers of variants) {
        const res = await fetch(s.url + p, { headers });
        await expectHandled(res, `GET ${p} ${JSON.stringify(headers).slice(0, 60)}`);
      }
    }
  });
  it('refuses writes with a JSON error', async () => {
    const res = await fetch(`${s.url}/config/v1/bundle?market=ID`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await expectHandled(res, 'POST /config/v1/bundle');
  });
});

describe('malformed percent-encoding', () => {
  // [request target, the part the 400 names]: public API (fast path and express), media, pages, sandbox, admin, static.
  const cases: [string, Record<string, string>][] = [
    ['/config/v1/screens/%', { part: 'path' }],
    ['/config/v1/screens/%E0%A4%A', { part: 'path' }],
    ['/config/v1/templates/%zz', { part: 'path' }],
    ['/config/v1/screens/not-found?deviceId=%ZZ', { part: 'query', param: 'deviceId' }],
    ['/config/v1/bundle?market=ID&locale=%E0%A4%A', { part: 'query', param: 'locale' }],
    ['/media/%ZZ', { part: 'path' }],
    ['/complaint%ZZ?market=ID', { part: 'path' }],
    ['/complaint?market=ID&token=%ZZsecret', { part: 'query', param: 'token' }],
    ['/gallery?%ZZ=1', { part: 'query', param: '(malformed name)' }],
    ['/sandbox/user-problem/problem-detail?problemId=%', { part: 'query', param: 'problemId' }],
    ['/admin/api/documents/screen/%ZZ', { part: 'path' }],
    ['/assets/%ZZ.js', { part: 'path' }],
  ];
  it('answers 400 JSON naming the part, never echoes a value, and logs nothing at error level', async () => {
    loggedErrors.length = 0;
    for (const [target, details] of cases) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(s.url + target, { method });
        const text = await expectHandled(res, `${method} ${target}`);
        expect(res.status, `${method} ${target}`).toBe(400);
        if (method === 'HEAD') continue;
        const body = JSON.parse(text);
        expect(body.error.details, target).toEqual(details);
        expect(body.error.message).toMatch(
          details.part === 'path'
            ? /Malformed percent-encoding in the path/
            : /Malformed percent-encoding in query parameter/,
        );
        expect(text).not.toContain('secret');
      }
    }
    expect(loggedErrors).toEqual([]);
  });
  it('still serves well-formed escapes: %2F in an id is one segment, %E2%82%B9 in a value is fine', async () => {
    expect((await fetch(`${s.url}/config/v1/screens/not-found?deviceId=d%E2%82%B9`)).status).toBe(200);
    expect((await fetch(`${s.url}/config/v1/screens/not%2Dfound`)).status).toBe(200);
    expect((await fetch(`${s.url}/complaint?market=ID&q=50%25`)).status).toBe(200);
  });
});

describe('admin API', () => {
  const DOC = '/admin/api/documents/screen/not-found';
  const cases: [string, (c: Client) => Promise<Response>][] = [
    [
      'login malformed JSON',
      () =>
        fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"user":',
        }),
    ],
    [
      'login arrays',
      () =>
        fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"user":["a"],"password":{"x":1}}',
        }),
    ],
    [
      'login __proto__',
      () =>
        fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"__proto__":{"polluted":1},"user":"a","password":"b"}',
        }),
    ],
    [
      'login form-encoded',
      () =>
        fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': FORM },
          body: 'user=a&password=b',
        }),
    ],
    [
      'login huge',
      () =>
        fetch(`${s.url}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'a', password: 'b'.repeat(3_000_000) }),
        }),
    ],
    ['draft malformed JSON', (c) => c.req('PUT', `${DOC}/draft`, '{"kind":', { 'if-match': '*' })],
    ['draft array body', (c) => c.req('PUT', `${DOC}/draft`, '[1,2]', { 'if-match': '*' })],
    ['draft string body', (c) => c.req('PUT', `${DOC}/draft`, '"screen"', { 'if-match': '*' })],
    [
      'draft __proto__ body',
      (c) =>
        c.req('PUT', `${DOC}/draft`, '{"__proto__":{"polluted":1},"kind":"screen","id":"not-found"}', {
          'if-match': '*',
        }),
    ],
    [
      'draft wrong content type',
      (c) => c.req('PUT', `${DOC}/draft`, 'kind=screen', { 'if-match': '*', 'content-type': 'text/plain' }),
    ],
    ['draft odd If-Match', (c) => c.req('PUT', `${DOC}/draft`, '{}', { 'if-match': 'W/"abc", "' })],
    ['draft unknown kind', (c) => c.req('PUT', '/admin/api/documents/__proto__/x/draft', '{}')],
    ['draft huge id', (c) => c.req('PUT', `/admin/api/documents/screen/${'a'.repeat(10_000)}/draft`, '{}')],
    [
      'publish documents as string',
      (c) => c.req('POST', '/admin/api/publish', { documents: 'screen/not-found', note: 'x' }),
    ],
    [
      'publish documents of numbers',
      (c) => c.req('POST', '/admin/api/publish', { documents: [1, null, {}], note: ['x'] }),
    ],
    [
      'publish __proto__',
      (c) =>
        c.req(
          'POST',
          '/admin/api/publish',
          '{"__proto__":{"polluted":1},"documents":[{"kind":"__proto__","id":"constructor"}],"note":"x"}',
        ),
    ],
    [
      'validate garbage',
      (c) => c.req('POST', '/admin/api/validate', { documents: [{ kind: 'screen', id: 'x', content: 'nope' }] }),
    ],
    ['rollback bad version', (c) => c.req('POST', `${DOC}/rollback`, { version: 'one', note: ['x'] })],
    ['rollback negative version', (c) => c.req('POST', `${DOC}/rollback`, { version: -1, note: 'x' })],
    ['history of unknown', (c) => c.req('GET', '/admin/api/documents/screen/%00/history')],
    ['version not a number', (c) => c.req('GET', `${DOC}/versions/abc`)],
    ['diff odd query', (c) => c.req('GET', `${DOC}/diff?from[]=1&to=__proto__`)],
    ['audit odd filters', (c) => c.req('GET', '/admin/api/audit?user[]=a&limit=-5&from=notadate&__proto__=1')],
    ['tokens with object label', (c) => c.req('POST', '/admin/api/tokens', { label: { a: 1 } })],
    ['documents odd filters', (c) => c.req('GET', '/admin/api/documents?kind[]=a&market[x]=1')],
  ];
  for (const [label, send] of cases) {
    it(`${label}: a JSON 4xx (or success), never 5xx`, async () => {
      for (const c of [ed, pat]) {
        const res = await send(c);
        const text = await expectHandled(res, label);
        if (res.status >= 400) expect(JSON.parse(text).error.message, label).toEqual(expect.any(String));
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});
