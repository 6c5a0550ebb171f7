/**
 * Guarded releases in the console: a publisher publishes a copy change to 10 % of borrowers from the
 * review page, watches it on the Releases page, widens it to 25 % and rolls it back, with axe on every page and
 * on the confirm dialog. The borrower side is checked through the bundle's X-Config-Release header at each step;
 * the arms' figures and the guard's verdict come from beacons posted to the public beacon endpoint
 * (POST /config/v1/beacon) as borrowers' pages send them, so the page shows the server's real figures.
 * The markets ship with `fourEyes: false`, so one publisher may publish and widen their own draft (the four-eyes
 * refusals are unit-tested in renderer/admin/releases/ReleasesPage.test.tsx).
 * Also writes the README pictures: tests/e2e/readme/admin-publish-to-share.png and admin-releases.png (1280×800).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, loginConsole, openSection, PASSWORD, saveDraft } from './admin-helpers';
import { startHarness, type Harness } from './harness';
import { reportViews } from '../../config-server/releases/testing/test-tickets';

const KEY = 'common.retry';
const NEW_COPY = 'Coba sekali lagi';

let h: Harness;

beforeAll(async () => {
  // Every reported view comes from loopback: the per-address cap is not this file's subject.
  h = await startHarness({
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', BEACON_VIEWS_PER_ADDRESS: '10000' },
    log: () => {},
  });
});
afterAll(async () => h?.close());

/** How many of `n` devices the bundle serves the candidate (by the X-Config-Release header). */
async function candidates(n = 200): Promise<number> {
  let count = 0;
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${h.url}/config/v1/bundle?market=ID&deviceId=e2e-release-${i}`);
    await r.arrayBuffer();
    if (/=candidate$/.test(r.headers.get('x-config-release') ?? '')) count++;
  }
  return count;
}

/**
 * Real views of the complaint entry screen in one arm, each with the view ticket the server hands out (only
 * such views count): `failures` API failures of problemInit spread over them, one LCP per value.
 */
const report = (release: string, arm: 'base' | 'candidate', pageViews: number, failures: number, lcpList: number[]) =>
  reportViews(h.url, 'complaint-entry', release, arm, { pageViews, apiFailures: failures, lcp: lcpList });
const lcps = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + ((i * 37) % 600));

/** A week from now at 18:30, Jakarta wall time (UTC+7, no daylight saving), as a datetime-local value. */
function nextWeekInJakarta(): string {
  const d = new Date(Date.now() + 7 * 86_400_000 + 7 * 3_600_000);
  return `${d.toISOString().slice(0, 10)}T18:30`;
}

describe('releases in the console', () => {
  it('publishes at 10 %, shows it, widens it to 25 % and rolls it back', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await saveDraft(page, 'text-set', 'id-ID', (d) => (d.texts[KEY] = NEW_COPY));

    // Review: "Publish to N %" beside Publish, its options folded under a summary.
    await openSection(page, /Review/);
    await page.getByRole('heading', { name: /no errors/ }).waitFor();
    await page.getByLabel('Note').fill('Friendlier retry label, to 10 % first');
    await page.getByText(/^Share, audience, schedule and guard:/).click();
    const end = page.getByLabel(/^End \(Asia\/Jakarta/);
    await end.fill(nextWeekInJakarta());
    await end.blur();
    await page
      .getByText(/10 % of every market, platform and app version, starting when published, ending by itself, guard on/)
      .waitFor();
    await expectAxeClean(page);
    await page.locator('.review-publish .rollout').evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: 'tests/e2e/readme/admin-publish-to-share.png' });
    await page.getByRole('button', { name: 'Publish to 10 %' }).click();
    const published = page
      .getByRole('status')
      .filter({ hasText: /Published 1 document\(s\) to 10 % of borrowers as release \S+ \(rolling\)\./ });
    await published.waitFor();
    const release = /as release (\S+) \(/.exec(await published.innerText())![1]!;
    const atTen = await candidates();
    expect(atTen).toBeGreaterThan(5);
    expect(atTen).toBeLessThan(40);

    // Borrowers' pages report: a healthy candidate (1 failure in 34 views against 2 in 180, LCPs alike).
    await report(release, 'base', 180, 2, lcps(40, 1600));
    await report(release, 'candidate', 34, 1, lcps(32, 1600));

    // Releases: the release with its share, audience, schedule in Jakarta time, arms and verdict.
    await page.getByRole('link', { name: 'Watch it on the Releases page' }).click();
    const card = page.getByRole('article', { name: /^Release \S+: text-set id-ID$/ });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/rolling out/);
    expect(text).toMatch(/10 % of the audience/);
    expect(text).toMatch(/every market, platform and app version/);
    expect(text).toMatch(/18:30 \(Asia\/Jakarta, UTC\+07:00\)/);
    const arms = card.getByRole('table', { name: `Arms of release ${release}` });
    // The metric catalog's columns: page views, errors, error rate, p75 LCP, p75 INP (none reported here: a dash).
    expect(await arms.getByRole('row', { name: /^Base/ }).innerText()).toMatch(
      /^Base.*\s180\s+2\s+1\.11 %\s+\d,\d{3} ms\s+—$/,
    );
    expect(await arms.getByRole('row', { name: /^Candidate/ }).innerText()).toMatch(
      /^Candidate.*\s34\s+1\s+2\.94 %\s+\d,\d{3} ms\s+—$/,
    );
    expect(await card.innerText()).toMatch(/healthy\s+error rate 3 % candidate vs 1 % base/);
    await expectAxeClean(page);
    await page.screenshot({ path: 'tests/e2e/readme/admin-releases.png' });

    // Widen: keeps everyone who was in, adds more.
    await card.getByRole('button', { name: 'Widen to 25 %' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /widened to 25 %/ })
      .waitFor();
    await card.getByText('25 % of the audience').waitFor();
    const atTwentyFive = await candidates();
    expect(atTwentyFive).toBeGreaterThan(atTen);
    await expectAxeClean(page);

    // Roll back: confirmed in a dialog with a reason, never waits for a second person.
    await card.getByRole('button', { name: 'Roll back' }).click();
    const dialog = page.getByRole('dialog', { name: /^Roll back release/ });
    await dialog.waitFor();
    await expectAxeClean(page);
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Borrowers asked what "sekali lagi" means');
    await dialog.getByRole('button', { name: 'Roll back now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /rolled back: every borrower gets the base/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Finished (1)' }).waitFor();
    expect(await card.innerText()).toMatch(/rolled back[\s\S]*was at 25 %/);
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await candidates(50)).toBe(0);
    await expectAxeClean(page);

    // The audit log names the rollback and its reason.
    await openSection(page, /Audit/);
    await page
      .getByText(/sekali lagi" means/)
      .first()
      .waitFor();
    await expectAxeClean(page);
    expect(pageErrors).toEqual([]);
  });
});
