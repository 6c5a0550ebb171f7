import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from './openapi/check.js';
import { startTestServer, type TestServer } from './testing/test-helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('sandbox mount', () => {
  it('serves the published landing template through the sandbox channel-template call', async () => {
    const templateId = [...(await s.config.store.listPublished())]
      .filter((v) => v.kind === 'landing-template')
      .map((v) => (v.content as { templateId: string }).templateId)[0];
    const r = await fetch(`${s.url}/sandbox/api/v2/youmi/service/channel/channel-template?templateId=${templateId}`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.code).toBe(0);
    expect(body.data.templateId).toBe(templateId);
  });

  it('is switched off by the sandbox option: /sandbox is then a JSON 404, never the app page', async () => {
    const off = await startTestServer({ sandbox: false });
    try {
      const r = await fetch(`${off.url}/sandbox/user-problem/problem-list`, { method: 'POST' });
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
    } finally {
      await off.stop();
    }
  });
});

describe('shutdown', () => {
  it('answers until close() and refuses new connections after it', async () => {
    const t = await startTestServer();
    const pending = fetch(`${t.url}/config/v1/bundle?market=ID`);
    const res = await pending;
    const closing = t.close();
    expect(res.status).toBe(200);
    await closing;
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
    await t.stop();
  });
});
