import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendOriginsFromEnv } from '../http/security-settings.js';
import { startServer } from '../server.js';
import { login, startTestServer, TEST_SCRYPT } from '../testing/test-helpers.js';
import { pathProblem } from './api-map-target-rules.js';
import { loadDocuments, validateDocuments } from './validate-documents.js';

type Endpoint = { path: string };
type ApiMap = {
  baseUrl: string;
  headers?: Record<string, string>;
  headersFromQuery: { query: string; header: string }[];
  endpoints: Record<string, Endpoint>;
};

/** The repository's documents with the API map changed by `edit`. */
function withApiMap(edit: (map: ApiMap) => void) {
  const { docs } = loadDocuments();
  const entry = docs.find((d) => (d.doc as { kind?: string }).kind === 'api-map')!;
  const map = structuredClone(entry.doc) as ApiMap;
  edit(map);
  return { file: entry.file, docs: docs.map((d) => (d === entry ? { ...d, doc: map } : d)) };
}
const errorsOf = (edit: (map: ApiMap) => void, backendOrigins: string[] = []) => {
  const { file, docs } = withApiMap(edit);
  return validateDocuments(docs, { backendOrigins }).filter((e) => e.file === file);
};

describe('API map targets', () => {
  it('passes the repository map (same-origin /sandbox) with no allow-list at all', () => {
    expect(errorsOf(() => {})).toEqual([]);
  });

  it('refuses cloud metadata and a loopback port unless listed, naming /baseUrl; a listed origin passes', () => {
    for (const baseUrl of ['http://169.254.169.254/latest', 'http://127.0.0.1:22', 'https://evil.example/v1']) {
      const errors = errorsOf((m) => void (m.baseUrl = baseUrl), ['https://api.example.com']);
      expect(errors, baseUrl).toEqual([
        expect.objectContaining({
          pointer: '/baseUrl',
          message: expect.stringMatching(
            /is not an allowed backend origin \(the allowed ones are https:\/\/api\.example\.com\)/,
          ),
        }),
      ]);
    }
    expect(errorsOf((m) => void (m.baseUrl = 'http://169.254.169.254/latest'))[0].message).toMatch(
      /none is allowed on this server/,
    );
    expect(errorsOf((m) => void (m.baseUrl = 'https://api.example.com/v3'), ['https://api.example.com'])).toEqual([]);
    // Only the origin is compared: another port or scheme of the same host is another origin.
    expect(errorsOf((m) => void (m.baseUrl = 'http://api.example.com/v3'), ['https://api.example.com'])).toHaveLength(
      1,
    );
  });

  it('refuses endpoint paths that climb, double a slash, hide a dot or name a URL, at each pointer', () => {
    const bad: Record<string, string> = {
      problemInit: '/../admin/api/publish',
      problemDetail: '/user-problem/./x',
      saveScore: '//evil.example/steal',
    };
    const errors = errorsOf((m) => {
      for (const [name, path] of Object.entries(bad)) m.endpoints[name].path = path;
    });
    expect(errors.map((e) => e.pointer).sort()).toEqual(
      Object.keys(bad)
        .map((n) => `/endpoints/${n}/path`)
        .sort(),
    );
    expect(errors.find((e) => e.pointer === '/endpoints/problemInit/path')!.message).toMatch(
      /has a "\.\." segment: paths may not climb out/,
    );
    // What the schema's pattern would let through and this rule does not.
    expect(pathProblem('/a/%2e%2E/b', 'p')).toMatch(/"%2e%2E" segment/);
    expect(pathProblem('/a/%2f/b', 'p')).toMatch(/hides a slash/);
    expect(pathProblem('/a\\b', 'p')).toMatch(/backslash/);
    expect(pathProblem('/a/%E0%A4%A', 'p')).toMatch(/malformed percent-encoding/);
    expect(pathProblem('javascript:alert(1)', 'p')).toMatch(/scheme/);
    expect(pathProblem('/.well-known/x/', 'p')).toBeUndefined();
    // An allowed origin's base path is held to the same rule (URL() would have resolved the `..` away).
    expect(
      errorsOf((m) => void (m.baseUrl = 'https://api.example.com/v3/..'), ['https://api.example.com'])[0],
    ).toMatchObject({ pointer: '/baseUrl', message: expect.stringMatching(/"\.\." segment/) });
    expect(errorsOf((m) => void (m.baseUrl = '/sandbox/%2e%2e'))[0]).toMatchObject({ pointer: '/baseUrl' });
  });

  it('refuses CR/LF and other control characters in header names and values', () => {
    const errors = errorsOf((m) => {
      m.headers = { ...m.headers, 'X-Client': 'h5\r\nX-Admin: 1', 'X-Tab': 'a\tb' };
    });
    expect(errors.map((e) => e.pointer).sort()).toEqual(['/headers/X-Client', '/headers/X-Tab']);
    expect(errors[0].message).toMatch(/control character \(code 13 at 2\)/);
  });

  it('reads the allow-list once, as origins, and refuses a typo at start', () => {
    expect(backendOriginsFromEnv({})).toEqual([]);
    expect(
      backendOriginsFromEnv({
        SSR_BACKEND_ORIGINS: ' https://api.example.com/v3 , http://10.0.0.5:8081,https://api.example.com',
      }),
    ).toEqual(['https://api.example.com', 'http://10.0.0.5:8081']);
    expect(() => backendOriginsFromEnv({ SSR_BACKEND_ORIGINS: 'api.example.com' })).toThrow(
      /SSR_BACKEND_ORIGINS: 'api.example.com' is not an http\(s\) origin/,
    );
    expect(() => backendOriginsFromEnv({ SSR_BACKEND_ORIGINS: 'ftp://x.example' })).toThrow(/not an http\(s\) origin/);
  });
});

describe('API map targets on the server', () => {
  it('refuses the metadata origin at validate and publish; the allow-listed one publishes and is the CSP connect-src', async () => {
    const s = await startTestServer({ env: { SSR_BACKEND_ORIGINS: 'https://api.example.com' } });
    try {
      const csp = (await fetch(`${s.url}/complaint?market=ID`)).headers.get('content-security-policy')!;
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.example\.com(;|$)/);
      const pat = await login(s.url, 'pat');
      const DOC = '/admin/api/documents/api-map/default';
      const rec = await (await pat.req('GET', DOC)).json();
      const map = structuredClone(rec.published.content) as ApiMap;
      map.baseUrl = 'http://169.254.169.254/latest';
      map.endpoints.problemInit.path = '/../admin/api/publish';
      map.headers = { ...map.headers, 'X-Client': 'a\r\nb' };
      const saved = await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': rec.etag });
      expect(saved.status).toBe(200);
      const validated = await (
        await pat.req('POST', '/admin/api/validate', { documents: [{ kind: 'api-map', id: 'default' }] })
      ).json();
      expect(validated.valid).toBe(false);
      expect(validated.errors.map((e: { instancePath: string }) => e.instancePath).sort()).toEqual([
        '/baseUrl',
        '/endpoints/problemInit/path',
        '/headers/X-Client',
      ]);
      const refused = await pat.req('POST', '/admin/api/publish', {
        documents: [{ kind: 'api-map', id: 'default' }],
        note: 'metadata',
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toContainEqual(
        expect.objectContaining({ instancePath: '/baseUrl', message: expect.stringMatching(/169\.254\.169\.254/) }),
      );

      map.baseUrl = 'https://api.example.com/v3';
      map.endpoints.problemInit.path = '/user-problem/problem-init';
      map.headers = { ...map.headers, 'X-Client': 'h5' };
      expect((await pat.req('PUT', `${DOC}/draft`, map, { 'if-match': saved.headers.get('etag')! })).status).toBe(200);
      expect(
        (
          await pat.req('POST', '/admin/api/publish', {
            documents: [{ kind: 'api-map', id: 'default' }],
            note: 'real backend',
          })
        ).status,
      ).toBe(200);
      // Published documents never widen the CSP: it is the allow-list, whatever the map names.
      expect((await fetch(`${s.url}/complaint?market=ID`)).headers.get('content-security-policy')).toBe(csp);

      // The same store on a server whose list lost that origin: the start says so, and the CSP stays this origin's.
      await s.close();
      const logged: string[] = [];
      const again = await startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: s.dataDir,
        pollMs: 0,
        env: {},
        log: (m: string) => void logged.push(m),
        scrypt: TEST_SCRYPT,
      });
      try {
        expect(logged).toContainEqual(
          expect.stringMatching(
            /^warning: published screens\/maps\/api-map\.json#\/baseUrl: baseUrl origin https:\/\/api\.example\.com is not an allowed backend origin .* Its calls fail until a fixed API map is published$/,
          ),
        );
        expect((await fetch(`${again.url}/config/v1/bundle?market=ID`)).headers.get('content-security-policy')).toMatch(
          /connect-src 'self'(;|$)/,
        );
      } finally {
        await again.close();
      }
    } finally {
      // Closed already on the way (a second close is refused); the folder goes either way.
      await s.close().catch(() => undefined);
      rmSync(join(s.dataDir, '..'), { recursive: true, force: true });
    }
  });

  it('keeps connect-src to this origin when no backend is listed', async () => {
    const s = await startTestServer();
    try {
      const csp = (await fetch(`${s.url}/complaint?market=ID`)).headers.get('content-security-policy')!;
      expect(csp).toMatch(/connect-src 'self'(;|$)/);
    } finally {
      await s.stop();
    }
  });
});
