/**
 * Console helpers for the admin browser tests: log in as someone, reach a section by its name
 * (tab, link or button: the shell's navigation may change form, its names stay), and prepare
 * drafts through the admin API from inside the logged-in page (same cookie and CSRF token the
 * console uses), so a test spends its clicks on the part it is about.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { startHarness, type Harness, type HarnessOptions, type PageRecord } from './harness';

export const PASSWORD = 'correct horse battery';
export const DESKTOP = { width: 1280, height: 800 };

/** A harness whose store starts with one console account, `ops`, a publisher with PASSWORD (and the server's log muted). */
export const startConsoleHarness = (opts: HarnessOptions = {}): Promise<Harness> =>
  startHarness({
    log: () => {},
    ...opts,
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', ...opts.env },
  });

export async function loginConsole(h: Harness, user: string, password = PASSWORD): Promise<PageRecord> {
  const rec = await h.openPage('/admin', { viewport: DESKTOP });
  const { page } = rec;
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await consoleLoaded(page);
  return rec;
}

/** Logged in, with the navigation's documents in: the console is used (and pictured) as ops see it once loaded. */
export async function consoleLoaded(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByText('Loading documents…')
    .waitFor({ state: 'detached' });
}

/** Opens a console section by its visible name (e.g. /Publish|Review/, /Audit/). */
export async function openSection(page: Page, name: RegExp) {
  const target = page
    .getByRole('tab', { name })
    .or(page.getByRole('link', { name }))
    .or(page.getByRole('navigation').getByRole('button', { name }))
    .first();
  await target.click();
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens a document in the console's navigation: by its `kind id` name, else by an entry whose name
 * contains the id, else through the search box (the navigation gives documents human titles).
 */
export async function openDocument(page: Page, kind: string, id: string) {
  const exact = page
    .getByRole('button', { name: `${kind} ${id}`, exact: true })
    .or(page.getByRole('link', { name: `${kind} ${id}`, exact: true }));
  const named = new RegExp(`(^|[^\\w-])${escapeRe(id)}($|[^\\w-])`);
  const nav = page.getByRole('navigation');
  const containing = nav.getByRole('link', { name: named }).or(nav.getByRole('button', { name: named }));
  // A console with URL state links each document as `#/doc/<kind>/<id>` (text sets: the copy table, `#/copy`).
  const hash = `#/doc/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
  const href = page.locator(`a[href="${hash}"]`);
  const hashLinks = page.locator('a[href^="#/"]');
  await hashLinks
    .or(page.getByRole('tab'))
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  if (await href.count()) return href.first().click();
  // Not in the navigation (text sets share the copy page), but addressable: the URL opens it.
  if (await hashLinks.count()) return page.evaluate((h) => void (location.hash = h), hash);
  // The tabbed console keeps documents under a "Documents" tab; a navigation shows them at once.
  const tab = page.getByRole('tab', { name: 'Documents', exact: true });
  if ((await tab.count()) && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await exact
    .or(containing)
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  for (const candidate of [exact, containing]) {
    if (await candidate.count()) return candidate.first().click();
  }
  await page.getByRole('searchbox').first().fill(id);
  await page
    .getByRole('option', { name: named })
    .or(page.getByRole('link', { name: named }))
    .first()
    .click();
}

/** A JSON call to `/admin/api` from the page, as the console makes it. */
export async function api<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const me = await (await fetch('/admin/api/me', { headers: { Accept: 'application/json' } })).json();
      const res = await fetch(`/admin/api${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'X-CSRF-Token': me.csrfToken,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        etag: res.headers.get('ETag'),
        body: (await res.text().then((t) => (t ? JSON.parse(t) : null))) as unknown,
      };
    },
    { method, path, body, headers },
  ) as Promise<{ status: number; etag: string | null; body: T }>;
}

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Saves a draft of `kind/id` changed by `mutate` (starting from its draft or published content). */
export async function saveDraft(page: Page, kind: string, id: string, mutate: (doc: Doc) => void) {
  const got = await api<{ draft: { content: Doc } | null; published: { content: Doc } | null }>(
    page,
    'GET',
    `/documents/${kind}/${id}`,
  );
  const doc = structuredClone(got.body.draft?.content ?? got.body.published!.content);
  mutate(doc);
  const put = await api(page, 'PUT', `/documents/${kind}/${id}/draft`, doc, { 'If-Match': got.etag! });
  expect(put.status, JSON.stringify(put.body)).toBeLessThan(300);
}

export async function publish(page: Page, documents: { kind: string; id: string }[], note: string) {
  const r = await api(page, 'POST', '/publish', { documents, note });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

export async function expectAxeClean(page: Page) {
  const found = await axeViolations(page);
  expect(found, describeViolations(found)).toEqual([]);
}
