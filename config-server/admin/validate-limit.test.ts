/**
 * POST /admin/api/validate finds the errors and limits calls per user (validate-off-loop.timing.test.ts times the
 * worker).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestServer, type Client, type TestServer } from '../testing/test-helpers.js';

describe('POST /admin/api/validate off the event loop', () => {
  let s: TestServer;
  let vera: Client, ed: Client;
  beforeAll(async () => {
    s = await startTestServer({ validateLimit: { windowMs: 60_000, limit: 6 } });
    [vera, ed] = await Promise.all(['vera', 'ed'].map((u) => login(s.url, u)));
  });
  afterAll(() => s?.stop());

  it('finds the errors as before, and limits calls per user: one user at the limit gets 429, another still 200', async () => {
    const screen = (await (await vera.req('GET', '/admin/api/documents/screen/not-found')).json()).published.content;
    const bad = await ed.req('POST', '/admin/api/validate', { document: { ...screen, title: 'no.such.textKey' } });
    expect(bad.status).toBe(200);
    const errors = (await bad.json()).errors as { file: string; instancePath: string; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors)
      expect(e).toMatchObject({
        file: 'screens/pages/not-found.json',
        instancePath: '/title',
        message: expect.stringMatching(/no\.such\.textKey/),
      });
    let last: Response | undefined;
    for (let i = 0; i < 10 && (!last || last.status !== 429); i++)
      last = await vera.req('POST', '/admin/api/validate', {});
    expect(last!.status).toBe(429);
    expect((await last!.json()).error.message).toMatch(/Too many validations/);
    expect((await ed.req('POST', '/admin/api/validate', {})).status).toBe(200);
  });
});
