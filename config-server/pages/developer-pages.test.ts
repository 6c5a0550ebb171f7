import { describe, expect, it } from 'vitest';
import { devPagesFromEnv } from '../http/security-settings.js';
import { startTestServer } from '../testing/test-helpers.js';

const PAGES = ['/gallery', '/testPreview'];
const SCREENS = ['/config/v1/screens/gallery', '/config/v1/screens/test-preview'];

async function statuses(env: NodeJS.ProcessEnv) {
  const s = await startTestServer({ env });
  try {
    const out: Record<string, number> = {};
    for (const p of [...PAGES, ...SCREENS, '/complaint', '/config/v1/screens/complaint-entry']) {
      const get = await fetch(`${s.url}${p}?market=ID`);
      const head = await fetch(`${s.url}${p}?market=ID`, { method: 'HEAD' });
      expect(head.status, `HEAD ${p}`).toBe(get.status);
      if (get.status === 404) expect((await get.json()).error.status).toBe(404);
      out[p] = get.status;
    }
    return out;
  } finally {
    await s.stop();
  }
}

describe('developer pages', () => {
  it('are 404, pages and screen documents, in production mode; the product pages are not', async () => {
    expect(await statuses({ NODE_ENV: 'production' })).toEqual({
      '/gallery': 404,
      '/testPreview': 404,
      '/config/v1/screens/gallery': 404,
      '/config/v1/screens/test-preview': 404,
      '/complaint': 200,
      '/config/v1/screens/complaint-entry': 200,
    });
  });

  it('are served in production with DEV_PAGES=on, and in development by default', async () => {
    for (const env of [{ NODE_ENV: 'production', DEV_PAGES: 'on' }, {}]) {
      const got = await statuses(env);
      for (const p of [...PAGES, ...SCREENS]) expect(got[p], `${p} with ${JSON.stringify(env)}`).toBe(200);
    }
  });

  it('reads DEV_PAGES as on/off and refuses anything else at start', () => {
    expect(devPagesFromEnv({})).toBe(true);
    expect(devPagesFromEnv({ NODE_ENV: 'production' })).toBe(false);
    expect(devPagesFromEnv({ NODE_ENV: 'production', DEV_PAGES: 'on' })).toBe(true);
    expect(devPagesFromEnv({ DEV_PAGES: 'off' })).toBe(false);
    expect(() => devPagesFromEnv({ DEV_PAGES: 'yes please' })).toThrow(/DEV_PAGES must be on or off/);
  });
});
