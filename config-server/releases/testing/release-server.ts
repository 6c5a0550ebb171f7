/**
 * Shared by the release tests over HTTP: a server with the console's people logged in, a text edit drafted and
 * published with a rollout, and a bundle request read for its arm. Not imported by production code.
 */
import { expect } from 'vitest';
import { checkedFetch as fetch } from '../../openapi/check.js';
import { login, startTestServer, type Client, type TestServer } from '../../testing/test-helpers.js';

export const KEY = 'common.retry';
/** The not-found page's title: drawn on the server, so a page shows its arm's copy. */
export const TITLE = 'common.notFoundTitle';
export const CANDIDATE = 'Coba lagi (candidate)';
export const DOC = '/admin/api/documents';
export const devices = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);

/** Runs `fn` over `items`, `width` at a time (the server is a real HTTP server: thousands of requests). */
export async function pooled<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** A server on the embedded store with ed (editor), pat and paula (publishers) and vera (viewer) logged in. */
export async function startReleaseServer() {
  const s: TestServer = await startTestServer();
  const [ed, pat, paula, vera] = await Promise.all(['ed', 'pat', 'paula', 'vera'].map((u) => login(s.url, u)));
  return { s, ed, pat, paula, vera };
}

/** The release calls of a test file, on the server and people `get` returns once its `beforeAll` has run. */
export function releaseHelpers(get: () => { s: TestServer; ed: Client; pat: Client }) {
  const textSetOf = async (market = 'ID') =>
    ((await (await fetch(`${get().s.url}/config/v1/bundle?market=${market}`)).json()) as { textSet: { id: string } })
      .textSet.id;

  /** Saves `texts[key] = value` in the market's text set as ed; returns the document ref. */
  async function draftText(value: string, key = KEY, market = 'ID') {
    const { ed } = get();
    const ts = await textSetOf(market);
    const r = await ed.req('GET', `${DOC}/text-set/${ts}`);
    const rec = await r.json();
    const content = structuredClone(rec.draft?.content ?? rec.published.content);
    content.texts[key] = value;
    const saved = await ed.req('PUT', `${DOC}/text-set/${ts}/draft`, content, { 'if-match': r.headers.get('etag')! });
    expect(saved.status).toBe(200);
    return { kind: 'text-set', id: ts };
  }

  /** The arm of a bundle answer by its X-Config-Release (checked against the body), or 'none' without a release in flight. */
  async function bundleArm(deviceId: string | undefined, headers: Record<string, string> = {}, extra = '') {
    // Uncompressed: the test client's gunzip of the 53 KB bundle cost 3 ms a request, three times the server's work,
    // over 20,000 requests (the encodings are tested in published/fast-path.test.ts).
    const r = await globalThis.fetch(
      `${get().s.url}/config/v1/bundle?market=ID${deviceId ? `&deviceId=${deviceId}` : ''}${extra}`,
      {
        headers: { 'accept-encoding': 'identity', ...headers },
      },
    );
    const header = r.headers.get('x-config-release');
    const body = r.status === 200 ? ((await r.json()) as { textSet: { texts: Record<string, string> } }) : undefined;
    const arm = header ? (/=(base|candidate)$/.exec(header)?.[1] as 'base' | 'candidate') : 'none';
    if (body) expect(body.textSet.texts[KEY] === CANDIDATE, `${deviceId}: ${header}`).toBe(arm === 'candidate');
    return { arm, header, etag: r.headers.get('etag')!, status: r.status };
  }

  const publish = (documents: { kind: string; id: string }[], rollout?: unknown, note = 'copy test') =>
    get().pat.req('POST', '/admin/api/publish', { documents, note, ...(rollout === undefined ? {} : { rollout }) });

  return { textSetOf, draftText, bundleArm, publish };
}
