/**
 * The sandbox in production: off unless SANDBOX=on (the console's preview sandbox too), and the start banner says
 * which backend is in use.
 */
import { describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startBanner } from '../ops/start-banner.js';
import { login, startTestServer } from '../testing/test-helpers.js';

describe('sandbox in production', () => {
  const SANDBOX_CALL = '/sandbox/sandbox-ext/bank-card/banks?market=ID&token=demo';

  it('is 404 with NODE_ENV=production unless SANDBOX=on; there with it, and in development by default', async () => {
    const prod = await startTestServer({ env: { NODE_ENV: 'production' } });
    const prodOn = await startTestServer({ env: { NODE_ENV: 'production', SANDBOX: 'on' } });
    const dev = await startTestServer({ env: {} });
    try {
      const off = await fetch(prod.url + SANDBOX_CALL);
      expect(off.status).toBe(404);
      expect((await off.json()).error.status).toBe(404);
      expect((await fetch(prodOn.url + SANDBOX_CALL)).status).toBe(200);
      expect((await fetch(dev.url + SANDBOX_CALL)).status).toBe(200);
      // The console's preview sandbox follows the same switch.
      const c = await login(prod.url, 'vera');
      expect((await c.req('GET', `/admin/api/preview/sandbox${SANDBOX_CALL.replace('/sandbox', '')}`)).status).toBe(
        404,
      );
    } finally {
      await Promise.all([prod.stop(), prodOn.stop(), dev.stop()]);
    }
  });

  it('the start banner says which backend is in use', () => {
    expect(startBanner('http://x', { sandbox: true, firstAccountNeeded: false })).toMatch(
      /^Backend: the sandbox at \/sandbox/m,
    );
    expect(startBanner('http://x', { sandbox: false, firstAccountNeeded: false })).toMatch(
      /^Backend: the API map's baseUrl \(the sandbox is off; SANDBOX=on/m,
    );
  });
});
