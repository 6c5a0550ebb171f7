/**
 * ICU copy: the server's drawn page and the hydrated app format every message the same way, in both
 * markets, on the complaint, loan and repayment screens that show plural and number messages. Each page is opened
 * with the app's scripts held back, so what is read first is the server's own text; then the app hydrates it. React
 * reports a text that differs as a hydration error (the app logs it); attributes (a field's placeholder) it does not
 * check in production, so the test compares them itself, along with every line of text drawn. The app writes those
 * numbers by the bundle's number shape, never by Intl.NumberFormat: its first use on a page is 100-200 ms of main
 * thread inside hydration, so the test counts every use.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdAppScripts, screenVisible, startHarness, type Harness } from './harness';

let h: Harness;
let seq = 0;
beforeAll(async () => {
  h = await startHarness({ serverPrefetch: true });
});
afterAll(async () => h?.close());

interface Case {
  route: string;
  query: Record<string, string>;
  /** What the plural/number messages read on the drawn page, per market: proof the page shows them at all. */
  icu: { ID: RegExp[]; IN: RegExp[] };
}

const CASES: Case[] = [
  {
    route: '/complainPageNext',
    query: { problemType: '2', orderNo: 'SB1003' },
    // complaint.describePlaceholder (a placeholder) and widget.imageUpload.count.
    icu: {
      ID: [/\(maks\. 200 karakter\)/, /\b0 dari 9 gambar\b/],
      IN: [/\(max\. 200 characters\)/, /\b0 of 9 images\b/],
    },
  },
  {
    route: '/loanDetails',
    query: { productId: '103', orderId: '1004' },
    // No plural message on an overdue loan's details: the whole text is compared all the same.
    icu: { ID: [], IN: [] },
  },
  {
    route: '/loanConfirm',
    query: { productId: '101' },
    // loan.unitDay / loan.unitMonth through the market's term units.
    icu: { ID: [/\b\d+ (hari|bulan)\b/], IN: [/\b(1 (day|month)|\d+ (days|months))\b/] },
  },
  {
    route: '/instalmentRepay',
    query: { productId: '103', orderId: '1004' },
    // repay.paidPeriods (order 1004 has period 1 paid) and repay.totalForPeriods (=0 before a tick: "Total").
    icu: { ID: [/\b1 periode lunas\b/, /^Total$/m], IN: [/\b1 paid instalment\b/, /^Total$/m] },
  },
];

/** Counts, in the page, every Intl.NumberFormat made or asked and every Number#toLocaleString. */
const countNumberFormats = () => {
  const w = window as unknown as { __numberFormats: number };
  w.__numberFormats = 0;
  const NF = Intl.NumberFormat;
  const count = <T>(x: T) => (w.__numberFormats++, x);
  const supported = NF.supportedLocalesOf;
  NF.supportedLocalesOf = (...a: Parameters<typeof supported>) => count(supported.apply(NF, a));
  Intl.NumberFormat = new Proxy(NF, {
    construct: (t, a) => count(Reflect.construct(t, a)),
    apply: (t, self, a) => count(Reflect.apply(t, self, a)),
  });
  const toLocale = Number.prototype.toLocaleString;
  Number.prototype.toLocaleString = function (this: number, ...a: []) {
    return count(toLocale.apply(this, a));
  };
};

/** Visible text by line, and the copy held in attributes, of the screen. */
const readScreen = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')!;
    const attrs = [...root.querySelectorAll('[placeholder],[aria-label],[alt],[title]')].map((el) =>
      ['placeholder', 'aria-label', 'alt', 'title'].map((a) => `${a}=${el.getAttribute(a) ?? ''}`).join(' '),
    );
    return { text: root.innerText, lines: root.innerText.split('\n').filter((l) => l.trim()), attrs };
  });

describe.each([
  { market: 'ID' as const, locale: 'id-ID' },
  { market: 'IN' as const, locale: 'en-IN' },
])('$market ($locale): drawn and hydrated copy are the same text, without Intl.NumberFormat', ({ market }) => {
  it.each(CASES)('$route', async ({ route, query, icu }) => {
    const rec = await h.newPage();
    await rec.page.addInitScript(countNumberFormats);
    const scripts = await holdAppScripts(rec.page);
    await rec.page.goto(h.screenUrl(route, { token: `icu-${process.pid}-${++seq}`, query: { ...query, market } }), {
      waitUntil: 'commit',
    });
    await rec.page.locator('#root[data-ssr]').waitFor();
    const drawn = await readScreen(rec.page);
    expect(scripts.held(), 'the app must not have run yet').toBeGreaterThan(0);
    for (const re of icu[market]) expect(`${drawn.text}\n${drawn.attrs.join('\n')}`).toMatch(re);

    scripts.release();
    await screenVisible(rec.page);
    const app = await readScreen(rec.page);
    expect(rec.logs.filter((l) => /hydrat/i.test(l))).toEqual([]);
    expect(rec.pageErrors).toEqual([]);
    // Data the app itself loads after hydration may add lines; none drawn may change.
    expect(drawn.lines.filter((l) => !app.lines.includes(l))).toEqual([]);
    expect(drawn.attrs.filter((a) => !app.attrs.includes(a))).toEqual([]);
    expect(await rec.page.evaluate(() => (window as unknown as { __numberFormats: number }).__numberFormats)).toBe(0);
  });
});
