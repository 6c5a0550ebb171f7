/**
 * A screen's first call reaches the app by three routes (the server's answer, the page's early fetch, the
 * app's own call) and all three end in the same claim table under the same key: the one the planner gives.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublishedSnapshot, type SnapshotDoc } from '../published/snapshot.js';
import { readRepoDocuments } from '../store/repo-documents.js';
import { pageDrawer } from './draw-page.js';
import { injectDrawn } from './inject-drawn.js';
import { createApiClient, type AppApiClient } from '../../renderer/api/api-client.js';
import { claiming } from '../../renderer/core/first-calls/claim-table.js';
import { firstCallClaims } from '../../renderer/boot/first-call-claims.js';
import { HAND_OFF_ID, readHandOff } from '../../renderer/core/first-calls/hand-off.js';
import { planFirstCalls } from '../../renderer/core/first-calls/plan-first-calls.js';
import type { ApiMapDocument, ScreenDocument } from '../../schemas/generated/types.js';

const docs = readRepoDocuments().map((d) => structuredClone(d.content) as SnapshotDoc);
const find = <T>(kind: string, id: string) => docs.find((d) => d.kind === kind && d.id === id) as unknown as T;
const screen = find<ScreenDocument>('screen', 'complaint-entry');
const apiMap = find<ApiMapDocument>('api-map', docs.find((d) => d.kind === 'api-map')!.id);
const texts = find<{ texts: Record<string, string> }>('text-set', 'id-ID').texts;
const market = find<Record<string, unknown>>('market', 'ID');
const query = { market: 'ID', token: 'route-test', orderId: '1004' };
const answer = {
  code: '00',
  message: '',
  data: { problemType: [], problemSonType: [], orderDetail: { productName: 'P-1004', rows: [] } },
};

/** The browser's view of a drawn page: only what `readHandOff` looks at. */
const pageOf = (html: string) => {
  const m = new RegExp(`<script type="application/json" id="${HAND_OFF_ID}">(.*?)</script>`).exec(html);
  return {
    getElementById: (id: string) => (id === HAND_OFF_ID && m ? { textContent: m[1] } : null),
  } as unknown as Document;
};

/** The app's API client with its network counted (nothing here may reach it for the first call). */
function appApi(): { api: AppApiClient; sent: string[] } {
  const sent: string[] = [];
  const api = createApiClient({
    apiMap,
    market,
    query,
    toast: () => {},
    t: (k) => k,
    logError: () => {},
    adapter: async (config) => {
      sent.push(String(config.url));
      return { data: JSON.stringify(answer), status: 200, statusText: '', headers: {}, config, request: null };
    },
  });
  return { api, sent };
}

let backend: http.Server;
let origin: string;
beforeAll(async () => {
  backend = http.createServer((_req, res) => res.end(JSON.stringify(answer)));
  await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
});
afterAll(() => backend.close());

describe('one claim table, one key, three routes', () => {
  const snap = new PublishedSnapshot(docs);
  const [planned] = planFirstCalls({ doc: screen, query, market, texts });

  it("plans the call the screen's onLoad makes first", () => {
    expect(planned).toMatchObject({ endpoint: 'problemInit', params: { orderId: '1004' }, silent: false });
  });

  it('server route: the drawn page hands its answer over; the claim table holds it under the planned key', async () => {
    const render = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 2000 });
    const page = await render(snap, { market: 'ID', screenId: screen.id, query, selfOrigin: origin });
    const handOff = readHandOff(pageOf(injectDrawn('<div id="root"></div>', page!)));
    expect(handOff?.calls.map((c) => c.key)).toEqual([planned.key]);
    const { api, sent } = appApi();
    const table = firstCallClaims({ plan: [planned], handOff, api });
    expect(table.keys()).toEqual([planned.key]);
    const result = await claiming(api, table).call('problemInit', { orderId: '1004' });
    expect(result.data).toMatchObject({ orderDetail: { productName: 'P-1004' } });
    expect(sent).toEqual([]);
  });

  it('early-call route: the page sends the planned request; the claim table holds its answer under the same key', async () => {
    const render = pageDrawer(() => {}, { allowedOrigins: [], budgetMs: 0 });
    const page = await render(snap, { market: 'ID', screenId: screen.id, query, selfOrigin: origin });
    const html = injectDrawn('<div id="root"></div>', page!);
    expect(html).toContain('<script src="/early-call.js"></script>');
    const handOff = readHandOff(pageOf(html));
    expect(handOff?.calls).toEqual([]);
    expect(handOff?.early).toMatchObject({
      key: planned.key,
      method: 'POST',
      url: expect.stringMatching(/^\/sandbox\/user-problem\/problem-init\?/),
    });
    // What public/early-call.js does with it: send it as is (here, to the test backend).
    const early = fetch(origin + handOff!.early!.url, {
      method: handOff!.early!.method,
      headers: handOff!.early!.headers,
      body: handOff!.early!.body,
    }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const { api, sent } = appApi();
    const table = firstCallClaims({ plan: [planned], handOff, early, api });
    expect(table.keys()).toEqual([planned.key]);
    const result = await claiming(api, table).call('problemInit', { orderId: '1004' });
    expect(result).toMatchObject({ ok: true, data: { orderDetail: { productName: 'P-1004' } } });
    expect(sent).toEqual([]);
  });

  it('app route: without a hand-off the app sends the planned call at boot; the screen claims it under the same key', async () => {
    const { api, sent } = appApi();
    const call = vi.spyOn(api, 'call');
    const table = firstCallClaims({ plan: planFirstCalls({ doc: screen, query, market, texts }), handOff: null, api });
    expect(table.keys()).toEqual([planned.key]);
    expect(call).toHaveBeenCalledTimes(1);
    const screenApi = claiming(api, table);
    expect((await screenApi.call('problemInit', { orderId: '1004' })).ok).toBe(true);
    expect(sent).toHaveLength(1);
    // Taken once: the same call again (a retry, a remount) goes to the network.
    await screenApi.call('problemInit', { orderId: '1004' });
    expect(sent).toHaveLength(2);
  });
});
