/**
 * The borrower page never goes blank and never runs document content as code:
 * - the config server answers garbage (HTML boot data and /config/v1 both broken): the page
 *   renders from the last good config kept in localStorage;
 * - the config server is down (stopped): the app shell still comes from its static host (a CDN
 *   or the app package in production; here read from dist/renderer by the browser's router), and the
 *   page renders from the last good config;
 * - copy containing `<script>`/`onerror` published through the admin API shows as text, and a
 *   `javascript:` link (refused by the admin API, so served here by a compromised config answer)
 *   is not rendered as a link and runs nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

const DIST = path.resolve('dist/renderer');
const TEXTS = JSON.parse(fs.readFileSync('screens/texts/id-ID.json', 'utf8')).texts as Record<string, string>;
const LABEL = TEXTS['complaint.myComplaints'];
const ROUTE = '/complaint?market=ID&deviceId=dev-e2e&token=resilience-e2e&platform=ios';
const ENV = { ADMIN_USER: 'ops', ADMIN_PASSWORD: 'resilience pw 1', ADMIN_ROLE: 'publisher' };

let h: Harness;
// One page for the whole file: its localStorage holds the last good config the later tests rely on.
let page: Page;

beforeAll(async () => {
  h = await startHarness({ env: ENV, log: () => {} });
  ({ page } = await h.newPage());
});

afterAll(async () => h?.close());

const myComplaints = (p: Page) => p.getByRole('link', { name: LABEL, exact: true });

/** The page's last-good copies, written once the first load validated them. */
const cachedKeys = (p: Page) =>
  p.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('sdui:config:'))
      .sort(),
  );

describe('resilience', () => {
  it('renders from the last good config when the config server answers garbage', async () => {
    await page.goto(h.url + ROUTE);
    await myComplaints(page).waitFor({ timeout: 15000 });
    await expect
      .poll(() => cachedKeys(page), { timeout: 10000 })
      .toEqual(expect.arrayContaining(['sdui:config:bundle:ID', 'sdui:config:screen:complaint-entry']));

    await page.route(`${h.url}/**`, async (route) => {
      const url = new URL(route.request().url());
      if (route.request().resourceType() === 'document') {
        const res = await route.fetch();
        const html = (await res.text()).replace(
          /(<script type="application\/json" id="sdui-boot">)[\s\S]*?(<\/script>)/,
          '$1{"bundle":{"garbage":1},"screen":[1,2$2',
        );
        return route.fulfill({ response: res, body: html });
      }
      if (url.pathname.startsWith('/config/'))
        return route.fulfill({ status: 200, contentType: 'application/json', body: '<html>502 bad gateway' });
      return route.fallback();
    });
    await page.reload();
    await myComplaints(page).waitFor({ timeout: 15000 });
    await page.unroute(`${h.url}/**`);
  });

  it('renders from the last good config when the config server is down', async () => {
    const origin = h.url;
    await h.stopServer();
    const fromDist = (p: string) => fs.readFileSync(path.join(DIST, p));
    await page.route(`${origin}/**`, (route) => {
      const url = new URL(route.request().url());
      if (route.request().resourceType() === 'document')
        return route.fulfill({ status: 200, contentType: 'text/html', body: fromDist('index.html') });
      if (url.pathname.startsWith('/assets/') && fs.existsSync(path.join(DIST, url.pathname))) {
        const type = url.pathname.endsWith('.css') ? 'text/css' : 'text/javascript';
        return route.fulfill({ status: 200, contentType: type, body: fromDist(url.pathname) });
      }
      // The config server and the backend behind it are gone.
      return route.abort('connectionrefused');
    });
    await page.reload();
    await myComplaints(page).waitFor({ timeout: 15000 });
    expect(await page.locator('#root').innerText()).toContain(TEXTS['title.complaintEntry']);
    await h.screenshot(page, 'resilience-server-down');
    await page.unroute(`${origin}/**`);
  });

  it('keeps copy with <script> and a javascript: link inert', async () => {
    await h.restartServer();
    const api = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${h.url}/admin/api${p}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { res, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const login = await api('POST', '/login', { user: ENV.ADMIN_USER, password: ENV.ADMIN_PASSWORD });
    // Origin: what the console's browser sends; a session's writes are refused without it (admin/same-origin.ts).
    const auth = {
      Cookie: login.res.headers.get('set-cookie')!.split(';')[0],
      'X-CSRF-Token': String(login.json!.csrfToken),
      Origin: new URL(h.url).origin,
    };

    // Copy with markup, saved the way ops would.
    const evil = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>Keluhan saya';
    const textSet = await api('GET', '/documents/text-set/id-ID', undefined, auth);
    const content = (textSet.json!.published as { content: { texts: Record<string, string> } }).content;
    const saved = await api(
      'PUT',
      '/documents/text-set/id-ID/draft',
      { ...content, texts: { ...content.texts, 'complaint.myComplaints': evil } },
      { ...auth, 'If-Match': textSet.res.headers.get('etag')! },
    );
    expect(saved.res.status).toBe(200);
    // The copy checks refuse markup at publish, naming the key, the locale and the check...
    const markup = await api(
      'POST',
      '/publish',
      { documents: [{ kind: 'text-set', id: 'id-ID' }], note: 'markup' },
      auth,
    );
    expect(markup.res.status).toBe(422);
    expect(JSON.stringify(markup.json)).toMatch(
      /complaint\.myComplaints[\s\S]*markup|markup[\s\S]*complaint\.myComplaints/,
    );

    // A javascript: link never gets into the published state: the draft is refused with its pointer.
    const screen = await api('GET', '/documents/screen/complaint-entry', undefined, auth);
    const doc = (screen.json!.published as { content: { body: unknown[] } }).content;
    const jsLink = { type: 'link', label: 'complaint.fillComments', url: 'javascript:window.__xss=3' };
    const refused = await api(
      'PUT',
      '/documents/screen/complaint-entry/draft',
      { ...doc, body: [...doc.body, jsLink] },
      { ...auth, 'If-Match': screen.res.headers.get('etag')! },
    );
    expect(refused.res.status).toBe(422);
    expect(JSON.stringify(refused.json!.errors)).toContain('/body/');

    // ...so serve both as a compromised config server would: the markup in the bundle's copy, the link inside the
    // inlined boot data and from the screen API too (the app refetches the screen when its hydration of the server's
    // page fails, as it does here).
    await page.route(`${h.url}/**`, async (route) => {
      if (new URL(route.request().url()).pathname === '/config/v1/bundle') {
        const res = await route.fetch();
        const bundle = await res.json();
        bundle.textSet.texts['complaint.myComplaints'] = evil;
        if (bundle.messages) delete bundle.messages['complaint.myComplaints'];
        return route.fulfill({ response: res, json: bundle });
      }
      if (new URL(route.request().url()).pathname === '/config/v1/screens/complaint-entry') {
        const res = await route.fetch();
        const screenDoc = await res.json();
        screenDoc.body.push(jsLink);
        return route.fulfill({ response: res, json: screenDoc });
      }
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        /(<script type="application\/json" id="sdui-boot">)([\s\S]*?)(<\/script>)/,
        (_m, open: string, json: string, close: string) => {
          const boot = JSON.parse(json);
          boot.screen.body.push(jsLink);
          return open + JSON.stringify(boot).replace(/</g, '\\u003c') + close;
        },
      );
      return route.fulfill({ response: res, body: html });
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    await page.goto(h.url + ROUTE);

    // The markup is shown as the literal text it is.
    await page.getByRole('link', { name: evil, exact: true }).waitFor({ timeout: 15000 });
    const injected = await page.evaluate(() => ({
      scripts: document.querySelectorAll('#root script').length,
      imgs: [...document.querySelectorAll('#root img')].filter((i) => i.getAttribute('src') === 'x').length,
      xss: (window as unknown as { __xss?: unknown }).__xss,
    }));
    expect(injected).toEqual({ scripts: 0, imgs: 0, xss: undefined });

    // The javascript: link is visible as text, not a link, and clicking it runs nothing.
    const dead = page.getByText(TEXTS['complaint.fillComments'], { exact: true });
    await dead.waitFor();
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await dead.evaluate((el) => el.closest('a'))).toBeNull();
    await dead.click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.unroute(`${h.url}/**`);
  });
});
