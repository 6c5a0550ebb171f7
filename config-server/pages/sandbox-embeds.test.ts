import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';

// While the sandbox runs outside production, its own pages (the agreement) may be framed in the borrower's pages: the
// boot data names their paths for the app, and the drawn page frames them by the same rule, so hydration agrees.
// In production, even with SANDBOX=on, a page frames only its market's embed origins.
const page = async (s: TestServer) => {
  const res = await fetch(`${s.url}/loanConfirm?market=IN&productId=101&token=embeds`);
  expect(res.status).toBe(200);
  return res.text();
};

describe("the sandbox's own pages in the borrower's pages", () => {
  let dev: TestServer;
  let prod: TestServer;
  beforeAll(async () => {
    dev = await startTestServer({ env: { SSR_PREFETCH_BUDGET_MS: '5000' } });
    prod = await startTestServer({ env: { NODE_ENV: 'production', SANDBOX: 'on', SSR_PREFETCH_BUDGET_MS: '5000' } });
  });
  afterAll(async () => {
    await dev?.stop();
    await prod?.stop();
  });

  it("development: India's agreement modal is drawn framing the sandbox's English agreement, without scripts", async () => {
    const html = await page(dev);
    expect(html).toContain('"embedPaths":["/sandbox/pages/"]');
    const frame = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain(`src="${dev.url}/sandbox/pages/contract?productId=101&amp;position=1&amp;market=IN"`);
    expect(frame).toContain('sandbox=""');
    expect(html).not.toContain('The agreement cannot be shown here.');
  });

  it('development: a borrower on another host name of the server gets the page drawn for it, not one kept', async () => {
    // The sandbox names its agreement on the server's own address (what its call reached): framed for a borrower on
    // that address, offered as a link on any other, as the app's own rule decides from the browser's location.
    const path = '/loanConfirm?market=IN&productId=101&token=embeds-hosts';
    const onHost = (host: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(`${dev.url}${path}`, { headers: { host } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
    const own = new URL(dev.url).host;
    expect(await onHost(own)).toMatch(/<iframe/);
    const other = await onHost(`localhost:${new URL(dev.url).port}`);
    expect(other).not.toMatch(/<iframe/);
    expect(other).toContain('The agreement cannot be shown here.');
  });

  it('production with SANDBOX=on: not framed; the modal offers to open the agreement instead', async () => {
    const html = await page(prod);
    expect(html).not.toContain('embedPaths');
    expect(html).not.toMatch(/<iframe/);
    expect(html).toContain('The agreement cannot be shown here.');
    expect(html).toMatch(
      new RegExp(
        `<a class="sdui-link sdui-embedded-page__open" href="${prod.url}/sandbox/pages/contract[^"]*"[^>]*target="_blank"`,
      ),
    );
    expect(html).toContain('Open the agreement to read it');
  });
});
