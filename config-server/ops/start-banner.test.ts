import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_COMMAND } from '../admin/first-account.js';
import { DEMO_LINKS, demoUrl, startBanner } from './start-banner.js';
import { startTestServer } from '../testing/test-helpers.js';
import { startServer } from '../server.js';

const routeMap = JSON.parse(readFileSync('screens/maps/route-map.json', 'utf8')) as {
  routes: { path: string; screen: string }[];
};

describe('npm start banner', () => {
  it('prints a demo link per flow, the console, and the first-account command only while none exists', () => {
    const fresh = startBanner('http://localhost:8080', { sandbox: true, firstAccountNeeded: true });
    for (const flow of ['complaints', 'repayment', 'loans', 'site', 'landing page'])
      expect(fresh).toMatch(new RegExp(`^  ${flow} +http://localhost:8080/`, 'm'));
    expect(fresh).toContain('http://localhost:8080/complaint?market=ID&token=demo');
    expect(fresh).toContain('Ops console: http://localhost:8080/admin');
    expect(fresh).toContain(FIRST_ACCOUNT_COMMAND);
    const later = startBanner('http://localhost:8080', { sandbox: true, firstAccountNeeded: false });
    expect(later).not.toContain('admin:create-user');
    expect(startBanner('http://x', { sandbox: false, firstAccountNeeded: false })).not.toContain('demo');
  });

  it("mentions the sandbox's answer style only when it is strings", () => {
    expect(startBanner('http://x', { sandbox: true, firstAccountNeeded: false, sandboxStyle: 'strings' })).toMatch(
      /^Sandbox answer style: strings \(SANDBOX_STYLE=strings\)/m,
    );
    expect(startBanner('http://x', { sandbox: true, firstAccountNeeded: false, sandboxStyle: 'plain' })).not.toContain(
      'SANDBOX_STYLE',
    );
    expect(
      startBanner('http://x', { sandbox: false, firstAccountNeeded: false, sandboxStyle: 'strings' }),
    ).not.toContain('SANDBOX_STYLE');
  });

  it('links only to routes that open a real screen', () => {
    for (const link of DEMO_LINKS) {
      const route = routeMap.routes.find((r) => r.path === link.path);
      expect(route, `${link.flow}: ${link.path} is not in the route map`).toBeDefined();
      expect(route!.screen, `${link.flow}: ${link.path} opens ${route!.screen}`).not.toMatch(/^not-(available|found)$/);
    }
  });

  it('demo links answer 200 with the app page', async () => {
    const s = await startTestServer();
    try {
      for (const link of DEMO_LINKS) expect((await fetch(demoUrl(s.url, link))).status, link.path).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('SANDBOX_STYLE and the published texts reach the sandbox', () => {
  it('an unknown SANDBOX_STYLE stops the start, naming the setting and the allowed values', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-style-'));
    try {
      await expect(
        startServer({
          port: 0,
          host: '127.0.0.1',
          dataDir: dir,
          pollMs: 0,
          env: { SANDBOX_STYLE: 'numbers' },
          log: () => {},
        }),
      ).rejects.toThrow("SANDBOX_STYLE must be one of plain, strings (got 'numbers')");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('SANDBOX_STYLE=strings shapes the answers; a generic error toasts the market text set copy', async () => {
    const s = await startTestServer({ env: { SANDBOX_STYLE: 'strings' } });
    try {
      expect(s.config.sandboxStyle).toBe('strings');
      const call = async (market: string, fields: Record<string, string>) =>
        (
          await fetch(`${s.url}/sandbox/indah/v3/product/recommend-product-list?market=${market}&token=style`, {
            method: 'POST',
            body: new URLSearchParams(fields),
          })
        ).json();
      const list = await call('ID', { scene: 'precise' });
      expect(list.data.map((p: { id: number; buttonStatus: string }) => [p.id, p.buttonStatus])).toEqual([
        [105, '1'],
        [101, '1'],
      ]);
      const texts = (id: string) =>
        (JSON.parse(readFileSync(`screens/texts/${id}.json`, 'utf8')) as { texts: Record<string, string> }).texts;
      expect(await call('ID', {})).toEqual({
        code: 400,
        message: texts('id-ID')['sandbox.invalidRequest'],
        detail: 'scene is required',
        data: null,
      });
      expect(await call('IN', {})).toEqual({
        code: 400,
        message: texts('en-IN')['sandbox.invalidRequest'],
        detail: 'scene is required',
        data: null,
      });
    } finally {
      await s.stop();
    }
    const plain = await startTestServer();
    try {
      expect(plain.config.sandboxStyle).toBe('plain');
    } finally {
      await plain.stop();
    }
  });
});

describe('GET /admin/api/setup', () => {
  it('gives the first-account command while no account exists, and nothing once one does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdui-setup-'));
    const empty = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, pollMs: 0, env: {}, log: () => {} });
    try {
      const r = await fetch(`${empty.url}/admin/api/setup`);
      expect(r.status).toBe(200);
      // No identity provider set: passwords only (signInWith null).
      expect(await r.json()).toEqual({
        firstAccountNeeded: true,
        command: FIRST_ACCOUNT_COMMAND,
        signInWith: null,
        passwords: true,
      });
    } finally {
      await empty.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const s = await startTestServer();
    try {
      expect(await (await fetch(`${s.url}/admin/api/setup`)).json()).toEqual({
        firstAccountNeeded: false,
        signInWith: null,
        passwords: true,
      });
    } finally {
      await s.stop();
    }
  });
});
