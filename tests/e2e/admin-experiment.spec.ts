/**
 * An experiment in the console: an ops publisher drafts a copy change, starts "Test this draft" on the review page
 * with the goal `loanConfirmed`, sees `not-enough-data` (and what is missing) on the results page; then borrowers are
 * served and convert through the real endpoints (each screen fetched with a deviceId of a known arm, which exposes
 * it; `POST /config/v1/conversions` with the key, as the backend reports), and the page shows the verdict, the lift
 * over time as a chart with its table, and the exposures per day; ops ship the candidate through the confirm dialog.
 * axe on every state. Writes the guide's pictures: tests/e2e/readme/admin-experiment-{start,waiting,verdict,ship,shipped}.png (1280×800).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCandidate, prepareDraw } from '../../config-server/releases/bucket';
import { fetchTicket } from '../../config-server/releases/testing/test-tickets';
import { api, expectAxeClean, loginConsole, openSection, PASSWORD, saveDraft } from './admin-helpers';
import { startHarness, type Harness } from './harness';

const KEY = 'common.retry';
const CONVERSION_KEY = 'experiment-e2e-conversion-key-0123456789abcdef';
/** Borrowers served per arm, and of them converting: 50 % in the base against 85 % in the candidate. */
const PER_ARM = 320;
const CONVERTED = { base: 160, candidate: 272 };

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    env: {
      ADMIN_USER: 'ops',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_ROLE: 'publisher',
      EXPERIMENT_MIN_DAYS: '0',
      CONVERSION_KEYS: CONVERSION_KEY,
    },
    log: () => {},
  });
});
afterAll(async () => h?.close());

type Arm = 'base' | 'candidate';

/** `PER_ARM` deviceIds of each arm by the server's own arm rule, not yet exposed. */
function devicesOf(release: Parameters<typeof prepareDraw>[0]): Record<Arm, string[]> {
  const draw = prepareDraw(release);
  const out: Record<Arm, string[]> = { base: [], candidate: [] };
  for (let i = 0; out.base.length < PER_ARM || out.candidate.length < PER_ARM; i++) {
    const id = `exp-console-${process.pid}-${i}`;
    const arm = inCandidate(draw, { deviceId: id, market: 'ID', platform: 'web' }) ? 'candidate' : 'base';
    if (out[arm].length < PER_ARM) out[arm].push(id);
  }
  return out;
}

/** The backend reports each borrower's confirmed loan, server to server, 1,000 events at most a call. */
async function reportConversions(deviceIds: string[]) {
  const at = new Date().toISOString();
  const events = deviceIds.map((deviceId, i) => ({
    id: `loan-${deviceId}-${i}`,
    metric: 'loanConfirmed',
    deviceId,
    at,
  }));
  const r = await fetch(`${h.url}/config/v1/conversions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${CONVERSION_KEY}` },
    body: JSON.stringify({ events }),
  });
  expect(r.status, await r.clone().text()).toBe(200);
  expect((await r.json()).accepted).toBe(deviceIds.length);
}

describe('an experiment in the console', () => {
  it('starts "Test this draft", waits for data, shows the verdict and the chart, and ships the candidate', async () => {
    const { page, pageErrors } = await loginConsole(h, 'ops');
    await saveDraft(page, 'text-set', 'id-ID', (d) => (d.texts[KEY] = 'Coba sekali lagi'));

    // (1) Review: "Test this draft" with the goal loanConfirmed, half of the borrowers.
    await openSection(page, /Review/);
    await page.getByRole('heading', { name: /no errors/ }).waitFor();
    await page.getByLabel('Note').fill('Does a friendlier retry label bring more confirmed loans?');
    const test = page.getByRole('region', { name: 'Test this draft' });
    await test.getByLabel('Share of borrowers who get the drafts (%)').fill('50');
    const goals = test.getByRole('group', { name: /^Goals/ });
    await goals.getByRole('checkbox', { name: /Loan confirmed \(loanConfirmed/ }).check();
    await expectAxeClean(page);
    await test.evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: 'tests/e2e/readme/admin-experiment-start.png' });
    await test.getByRole('button', { name: 'Test this draft' }).click();
    const started = page.getByRole('status').filter({ hasText: /Testing 1 document\(s\) on 50 % of borrowers/ });
    await started.waitFor();
    expect(await started.innerText()).toMatch(/judged on loanConfirmed\.$/);
    const release = /as release (\S+) \(/.exec(await started.innerText())![1]!;

    // (2) Its results: no verdict yet, and what is missing in words.
    await page.getByRole('link', { name: "See the experiment's results" }).click();
    const goal = page.getByRole('article', { name: /^Loan confirmed loanConfirmed/ });
    await goal.waitFor();
    expect(await goal.innerText()).toMatch(/Not enough data/);
    expect(await goal.getByRole('list').innerText()).toMatch(
      /The base needs 150 more exposed borrowers and 150 more conversions[\s\S]*The candidate needs 150 more/,
    );
    expect(await page.getByRole('note').first().innerText()).toMatch(/checked once it should give each arm 8/);
    await expectAxeClean(page);
    await page.screenshot({ path: 'tests/e2e/readme/admin-experiment-waiting.png' });

    // (3) Borrowers are served (the ticket exposes them) and the backend reports their confirmed loans.
    type Listed = Parameters<typeof prepareDraw>[0] & { id: string };
    const listed = await api<{ releases: Listed[] }>(page, 'GET', '/releases');
    const devices = devicesOf(listed.body.releases.find((r) => r.id === release)!);
    for (const arm of ['base', 'candidate'] as const) {
      for (const id of devices[arm]) expect((await fetchTicket(h.url, 'complaint-entry', id, release)).arm).toBe(arm);
    }
    await expect
      .poll(async () => (await api<{ exposures: unknown }>(page, 'GET', `/releases/${release}/results`)).body.exposures)
      .toEqual({ base: PER_ARM, candidate: PER_ARM });
    await reportConversions([
      ...devices.base.slice(0, CONVERTED.base),
      ...devices.candidate.slice(0, CONVERTED.candidate),
    ]);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await goal.getByRole('heading').getByText('Candidate better').waitFor();
    const rows = goal.getByRole('table', { name: /more is better/ });
    expect(await rows.getByRole('row', { name: /^Base/ }).innerText()).toMatch(/320\s+160\s+50\.0 %/);
    expect(await rows.getByRole('row', { name: /^Candidate/ }).innerText()).toMatch(/320\s+272\s+85\.0 %/);
    expect(await goal.innerText()).toMatch(
      /Lift of the candidate: \+70\.0 % \(95 % always-valid interval \+\d+\.\d % to \+\d+\.\d %\)/,
    );
    // The picture (uPlot's canvas) and the same figures in the table beside it.
    await goal.locator('.lift-chart canvas').waitFor();
    const byDay = goal.getByRole('table', { name: /lift by day/ });
    expect(await byDay.getByRole('row').nth(1).innerText()).toMatch(
      /\+70\.0 %\s+\+\d+\.\d % to \+\d+\.\d %\s+Candidate better/,
    );
    expect(await page.getByRole('table', { name: /exposed per arm and day/ }).innerText()).toMatch(/320\s+320/);
    expect(await page.getByRole('note').first().innerText()).toMatch(/Split healthy/);
    // Per market: every borrower was served in Indonesia.
    await page.getByRole('button', { name: 'Market ID' }).click();
    expect(await page.getByText(/Exposed borrowers in market ID: base 320, candidate 320/).count()).toBe(1);
    await page.getByRole('button', { name: 'Overall' }).click();
    await goal.locator('.lift-chart canvas').waitFor();
    await expectAxeClean(page);
    await goal.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: 'tests/e2e/readme/admin-experiment-verdict.png' });

    // (4) Ship the candidate, after the confirm dialog.
    await page.getByRole('button', { name: 'Ship the candidate' }).click();
    const dialog = page.getByRole('dialog', { name: /^Ship the candidate of release/ });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Loan confirmed: candidate better/);
    await expectAxeClean(page);
    await page.screenshot({ path: 'tests/e2e/readme/admin-experiment-ship.png' });
    await dialog.getByRole('button', { name: 'Ship to everyone' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Shipped: release \S+ is complete and every borrower now gets the candidate\./ })
      .waitFor();
    await page.getByText(/^complete \(was at 50 %\)\. Started/).waitFor();
    await page
      .getByRole('heading', { name: /^Experiment: release/ })
      .evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: 'tests/e2e/readme/admin-experiment-shipped.png' });
    const after = await api<{ releases: { id: string; status: string }[] }>(page, 'GET', '/releases');
    expect(after.body.releases.find((r) => r.id === release)?.status).toBe('complete');
    await page.getByRole('button', { name: 'Ship the candidate' }).waitFor({ state: 'detached' });
    // Everyone now gets the new copy: the published text set has it.
    const text = await api<{ published: { content: { texts: Record<string, string> } } }>(
      page,
      'GET',
      '/documents/text-set/id-ID',
    );
    expect(text.body.published.content.texts[KEY]).toBe('Coba sekali lagi');
    await expectAxeClean(page);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
