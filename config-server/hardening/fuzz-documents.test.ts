/**
 * Fuzzed documents (hardening): mutations of the default documents (wrong types, missing fields, huge
 * strings, deep nesting, unknown node and action types, expressions with prototype tricks) go through
 * save, validate and publish of the admin API. No response is 5xx, every rejection is a 4xx whose errors
 * carry JSON pointers, and after every accepted publish the whole published state still validates.
 * FUZZ_RUNS sets the count (npm test: 60; `npm run test:hardening`: 10,000).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocuments, validateDocuments } from '../validation/validate-documents.js';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const docs = loadDocuments().docs.map((d) => d.doc as Record<string, unknown> & { kind: string; id: string });

/** Every JSON pointer inside a value (as token lists), the root included. */
function pointers(v: unknown, at: string[] = []): string[][] {
  const out = [at];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pointers(x, [...at, String(i)])));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...pointers(x, [...at, k]));
  return out;
}

const deep = (n: number): unknown =>
  n === 0 ? { type: 'text', key: 'common.error' } : { type: 'stack', children: [deep(n - 1)] };
const TRICKS = [
  "{{ constructor.constructor('alert(1)')() }}",
  '{{ __proto__.polluted = 1 }}',
  "{{ state['__proto__'] }}",
  '{{ market.constructor.prototype }}',
  'toString.call(1)',
  '{{ ((a) => a)(1) }}',
  '{{ this }}',
];

/** A mutation: what to put at the chosen pointer (undefined deletes it). */
const mutation = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, 42, -1, 1e308, true, [], {}, '', 'x'),
  fc.string({ maxLength: 30 }),
  fc.constant('y'.repeat(300_000)),
  fc.integer({ min: 20, max: 200 }).map((n) => deep(n)),
  fc.constantFrom<unknown>(
    { type: 'no-such-node' },
    { action: 'no-such-action' },
    { type: 'text', key: 'no.such.key' },
    { action: 'navigate', to: '/nowhere' },
    { action: 'api', endpoint: 'noSuchEndpoint' },
  ),
  fc.constantFrom(...TRICKS),
  fc.constantFrom<unknown>(
    { __proto__: { polluted: 1 } },
    JSON.parse('{"__proto__": {"polluted": 1}, "type": "text", "key": "common.error"}'),
  ),
);

let s: TestServer;
let pat: Client;
beforeAll(async () => {
  s = await startTestServer();
  pat = await login(s.url, 'pat');
});
afterAll(async () => s?.stop());

const errorsHavePointers = (body: { errors?: { instancePath?: string; pointer?: string }[] }) =>
  Array.isArray(body.errors) &&
  body.errors.length > 0 &&
  body.errors.every((e) => typeof (e.instancePath ?? e.pointer) === 'string');

describe(`fuzzed documents (${RUNS} mutations)`, () => {
  it(
    'never publish an invalid state, never answer 5xx, and reject with JSON pointers',
    { timeout: Math.max(60_000, RUNS * 150) },
    async () => {
      const counts = { tried: 0, rejectedOnSave: 0, rejectedOnPublish: 0, published: 0 };
      const property = fc.asyncProperty(fc.nat(), fc.nat(), mutation, async (docPick, pathPick, value) => {
        const doc = structuredClone(docs[docPick % docs.length]);
        const all = pointers(doc).filter((p) => p.length > 0 && !(p.length === 1 && ['kind', 'id'].includes(p[0])));
        const path = all[pathPick % all.length];
        const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], doc);
        const last = path[path.length - 1];
        if (value === undefined) Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last];
        else parent[last] = value;
        counts.tried++;

        const url = `/admin/api/documents/${doc.kind}/${encodeURIComponent(doc.id)}`;
        const cur = await pat.req('GET', url);
        expect(cur.status).toBe(200);
        const saved = await pat.req('PUT', `${url}/draft`, JSON.stringify(doc), {
          'if-match': cur.headers.get('etag')!,
        });
        expect(saved.status, `save ${url} at /${path.join('/')}`).toBeLessThan(500);
        if (saved.status >= 400) {
          expect(saved.status).toBeGreaterThanOrEqual(400);
          const body = await saved.json();
          // Over the body cap there is no document to point into: the message says so instead.
          if (saved.status === 413) expect(body.error.message).toMatch(/too large/);
          else
            expect(
              errorsHavePointers(body),
              `save rejection (${saved.status}) of /${path.join('/')} without pointers: ${JSON.stringify(body).slice(0, 300)}`,
            ).toBe(true);
          counts.rejectedOnSave++;
          return;
        }
        const validated = await pat.req('POST', '/admin/api/validate', { documents: [{ kind: doc.kind, id: doc.id }] });
        expect(validated.status).toBeLessThan(500);
        const published = await pat.req('POST', '/admin/api/publish', {
          documents: [{ kind: doc.kind, id: doc.id }],
          note: 'fuzz',
        });
        expect(published.status, `publish ${url}`).toBeLessThan(500);
        if (published.status >= 400) {
          const body = await published.json();
          expect(errorsHavePointers(body) || typeof body.error?.message === 'string').toBe(true);
          counts.rejectedOnPublish++;
          const etag = (await pat.req('GET', url)).headers.get('etag')!;
          expect((await pat.req('DELETE', `${url}/draft`, undefined, { 'if-match': etag })).status).toBeLessThan(300);
          return;
        }
        counts.published++;
        const state = (await s.config.store.listPublished()).map((v) => ({ file: v.file, doc: v.content }));
        expect(validateDocuments(state), 'published state').toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });
      try {
        await fc.assert(property, { numRuns: RUNS });
      } catch (e) {
        // fast-check prints the counterexample: a 300 KB string would bury the reason.
        const short = (t: unknown) => String(t).replace(/y{200,}/g, (m) => `y×${m.length}`);
        throw new Error(
          `${short((e as Error).cause ?? '').slice(0, 1500)}\n${short((e as Error).message).slice(0, 1500)}`,
        );
      }
      console.log(`fuzzed documents: ${JSON.stringify(counts)}`);
      expect(counts.tried).toBe(RUNS);
    },
  );
});
