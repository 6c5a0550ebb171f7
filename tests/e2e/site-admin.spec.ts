/**
 * Ops change a marketing figure without a redeploy: the IN market's loan range is edited through the admin API
 * (draft with If-Match, publish), and `/` for market IN shows the new range, both in the app and in the HTML the
 * server sends before any JavaScript runs.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { thousands } from '../../renderer/core/expressions/format';
import { PASSWORD, startConsoleHarness } from './admin-helpers';
import type { Harness } from './harness';

const IN = JSON.parse(fs.readFileSync('screens/markets/IN.json', 'utf8'));
const EN = JSON.parse(fs.readFileSync('screens/texts/en-IN.json', 'utf8')).texts as Record<string, string>;
const heading = (min: number, max: number) =>
  EN['site.home.heading']
    .replace('{min}', `${IN.currency.symbol}${thousands(min, IN.number)}`)
    .replace('{max}', `${IN.currency.symbol}${thousands(max, IN.number)}`);

let h: Harness;
let ops: Client;
beforeAll(async () => {
  h = await startConsoleHarness();
  ops = await login(h.url, 'ops', PASSWORD);
});
afterAll(async () => h?.close());

describe('site figures are ops data', () => {
  it('a new IN loan range published through the admin API shows on / for market IN', async () => {
    const { page } = await h.openPage('/?market=IN');
    await page.getByRole('heading', { level: 1, name: heading(IN.loanRange.min, IN.loanRange.max) }).waitFor();

    const path = '/admin/api/documents/market/IN';
    const r = await ops.req('GET', path);
    expect(r.status).toBe(200);
    const rec = await r.json();
    const content = structuredClone(rec.draft?.content ?? rec.published.content);
    content.loanRange = { min: 5000, max: 150000 };
    const saved = await ops.req('PUT', `${path}/draft`, content, { 'if-match': r.headers.get('etag')! });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const pub = await ops.req('POST', '/admin/api/publish', {
      documents: [{ kind: 'market', id: 'IN' }],
      note: 'e2e: IN loan range',
    });
    expect(pub.status, await pub.clone().text()).toBe(200);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: heading(5000, 150000) }).waitFor();
    const html = await (await fetch(`${h.url}/?market=IN`)).text();
    expect(html).toContain(heading(5000, 150000));
    await page.context().close();
  });
});
