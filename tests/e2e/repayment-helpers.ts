/**
 * Shared by the repayment browser tests: calls to the sandbox as the backend's other parties would make
 * them (a bank's payment notice, a forced failure), and the README screenshot.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { commonParams, type Harness } from './harness';

/** POSTs form fields to a sandbox path for one borrower token; returns the envelope. */
export async function sandboxCall(
  h: Harness,
  token: string,
  path: string,
  fields: Record<string, string | number> = {},
  market = 'ID',
) {
  const q = new URLSearchParams({ ...commonParams(token), market });
  const res = await fetch(`${h.url}/sandbox${path}?${q}`, {
    method: 'POST',
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

/** The next `times` calls of `path` for this token fail with `code` and `message`. */
export async function forceFailure(h: Harness, token: string, path: string, code: number, message = '', times = 1) {
  const r = await sandboxCall(h, token, '/sandbox-ext/force-failure', {
    path,
    code,
    message,
    times,
  });
  expect(r.code).toBe(0);
}

/** Writes the README screenshot of a borrower screen, once no toast covers it. */
export async function readmeShot(page: Page, name: string) {
  fs.mkdirSync('tests/e2e/readme', { recursive: true });
  await expect
    .poll(() => page.locator('.sdui-toast-region').innerText(), {
      timeout: 5000,
    })
    .toBe('');
  await page.screenshot({ path: `tests/e2e/readme/${name}.png` });
}

/**
 * axe-core finds no serious or critical violation on the page once its choices are drawn. A CI run under load caught
 * a choice list between its radios and their labels (button-name), so the check waits (up to 5 s) until every radio
 * has a name before it reads the page. Radios that stayed nameless (2026-11-28) were another type's options landing
 * late over the chosen type's, a runtime race now closed (renderer/core/actions/latest-call.ts).
 */
export async function expectAccessible(page: Page) {
  // The radios still without a name, as markup: a failure shows which (one more CI run caught it, 2026-11-26).
  const unnamed = () =>
    page
      .locator('[role="radio"]')
      .evaluateAll((els) =>
        els.filter((e) => !(e.textContent ?? '').trim() && !e.getAttribute('aria-label')).map((e) => e.outerHTML),
      );
  await expect.poll(unnamed, { timeout: 5000 }).toEqual([]);
  const found = await axeViolations(page);
  expect(found, describeViolations(found)).toEqual([]);
}

/** The toast region's current text. */
export const toastText = (page: Page) => page.locator('.sdui-toast-region').innerText();

export const REPAY = '/api/v1/youmi/youmi-api/service/loan';

/** A fresh borrower token each call, so no test sees another's sandbox state. */
export function tokenMaker(prefix: string) {
  let seq = 0;
  return () => `${prefix}-${process.pid}-${Date.now()}-${++seq}`;
}

/** The instalment plan of an order, as the sandbox holds it now, on the harness `get` returns. */
export const instalmentPlan = (get: () => Harness) => async (token: string, productId: number, orderId: number) =>
  (
    await sandboxCall(get(), token, '/v3/installment/loan-play-detail', {
      productId,
      orderId,
    })
  ).data;

/** Order 1003 (product 101): three pending periods of 350.000. */
export const QUERY = { orderId: '1003', amount: '350000', productId: '101' };

/** The bank card flow's calls on the harness `get` returns once its `beforeAll` has run. */
export function paywayHelpers(get: () => Harness) {
  const paidPeriods = async (token: string) =>
    (
      await sandboxCall(get(), token, '/v3/installment/loan-play-detail', {
        productId: 101,
        orderId: 1003,
      })
    ).data.repayPlanDetail.repayYetDetail.map((p: { periodNo: number }) => p.periodNo);

  async function openPayway(token: string, market = 'ID') {
    const rec = await get().openScreen('/payway', {
      token,
      // India's first period of order 1003 is ₹3,500 (the sandbox's India seed, at Indian scale).
      query: { ...QUERY, market, ...(market === 'IN' ? { amount: '3500' } : {}) },
    });
    await rec.page.getByRole('button', { name: /6222 0200 1234 5678/ }).waitFor();
    return rec;
  }
  return { paidPeriods, openPayway };
}
