/**
 * Live changes: the guard's own rollback of a broken API map rescues an open page. A guarded
 * release at 50 % moves `problemInit` to a path the sandbox does not have (as release-guard.spec.ts). One candidate
 * borrower opens the complaint entry in Chromium, sees it fail, and keeps the page open. Other borrowers then view the
 * same screen over HTTP only (cheaper than a browser each): each fetches the screen with its own deviceId from its own
 * address (X-Forwarded-For on a server trusting loopback, so the per-address beacon cap does not starve the guard),
 * gets the real view ticket naming its arm, and sends the beacon its page would send — a candidate view reports the
 * failed `problemInit`, as every candidate page did in release-guard.spec.ts. No one rolls back but the guard (audit
 * actor `guard`, looking once a second). The open page must show the working screen within 1 s of the verdict (the
 * audit entry's time), as the same document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTicket, postBeacon } from '../../config-server/releases/testing/test-tickets';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { PASSWORD } from './admin-helpers';
import { commonParams, screenVisible, startHarness, type Harness } from './harness';
import { candidateDevice, releaseBrokenProblemInit } from './broken-map-release';
import { heard, mark, recordStream, same } from './live-stream-recorder';

/**
 * An end to the views should the guard never act. Views over HTTP come faster than the guard's once-a-second look, so
 * release-guard.spec.ts's bound (80 views) says nothing here; the guard needs at least 20 candidate views.
 */
const MAX_VIEWS = 400;

let h: Harness;
let ops: Client;

beforeAll(async () => {
  h = await startHarness({
    locale: 'id-ID',
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', TRUST_PROXY: 'loopback' },
    log: () => {},
  });
  ops = await login(h.url, 'ops', PASSWORD);
}, 60_000);
afterAll(async () => h?.close());

const status = async (release: string): Promise<string> =>
  (await (await ops.req('GET', '/admin/api/releases')).json()).releases.find((r: { id: string }) => r.id === release)
    .status;

describe("the guard's rollback of a broken API map", () => {
  it('an open candidate page showing the failure gets the working screen within 1 s of the verdict', async () => {
    const release = await releaseBrokenProblemInit(ops, 'problemInit moved (guard rescue e2e)', {
      percent: 50,
      guard: true,
    });
    // The open page: a borrower in the candidate arm (the server's, by deviceId), at an address of its own.
    const deviceId = await candidateDevice(h.url, 'rescue-arm');
    const { page, pageErrors } = await h.newPage({ headers: { 'x-forwarded-for': '192.0.2.1' } });
    await page.route('**/favicon.ico', (r) => r.fulfill({ status: 204 }));
    await recordStream(page);
    // The moment the working screen's problem types appear, in the page's own clock (the test's too).
    await page.addInitScript(() => {
      const w = window as unknown as { __workingAt?: number };
      new MutationObserver(() => {
        if (w.__workingAt === undefined && document.querySelector('[role="radio"]')) w.__workingAt = Date.now();
      }).observe(document, { subtree: true, childList: true });
    });
    let loads = 0;
    page.on('load', () => loads++);
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/config/v1/live', { timeout: 15_000 });
    const q = new URLSearchParams({ ...commonParams(`rescue-${Date.now()}`), deviceId });
    const res = await page.goto(`${h.url}/complaint?${q}`);
    await screenVisible(page);
    expect((await stream).status()).toBe(200);
    expect(res!.headers()['x-config-release']).toMatch(/=candidate$/);
    // The broken first call: no problem types on the screen.
    await page.waitForTimeout(500);
    expect(await page.getByRole('radio', { name: 'Repayment' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __workingAt?: number }).__workingAt)).toBeUndefined();
    await mark(page);

    // Other borrowers' views, until the guard has rolled the release back.
    let views = 0;
    const sent = { base: 0, candidate: 0 };
    while ((await status(release)) === 'rolling' && views < MAX_VIEWS) {
      const address = `198.51.100.${views + 1}`;
      let t;
      try {
        t = await fetchTicket(h.url, 'complaint-entry', `rescue-view-${views}`, release, address);
      } catch (e) {
        // The verdict came between the status read and this view: the screen no longer names the release.
        if ((await status(release)) !== 'rolling') break;
        throw e;
      }
      views++;
      sent[t.arm]++;
      const screen = {
        screen: 'complaint-entry',
        ticket: t.ticket,
        pageViews: 1,
        ...(t.arm === 'candidate' ? { apiFailures: { problemInit: 1 } } : {}),
      };
      expect(await postBeacon(h.url, [screen], address)).toBe(204);
    }
    // The guard looks once a second: the last beacons may need one more look.
    await expect.poll(() => status(release), { timeout: 5_000 }).toBe('rolled-back');
    expect(sent.candidate).toBeGreaterThanOrEqual(20);

    const audit = await (await ops.req('GET', `/admin/api/audit?kind=release&id=${release}`)).json();
    const rollbacks = audit.entries.filter((e: { action: string }) => e.action === 'release.rollback');
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({ actor: 'guard', kind: 'release', id: release });
    const verdictAt = Date.parse(rollbacks[0].at);

    await page.getByRole('radio', { name: 'Repayment' }).waitFor({ timeout: 5_000 });
    const workingAt = await page.evaluate(() => (window as unknown as { __workingAt?: number }).__workingAt);
    const releaseEvent = (await heard(page)).find(
      (e) => e.type === 'release' && (JSON.parse(e.data) as { id: string }).id === release,
    );
    expect(releaseEvent, 'the page heard the release event').toBeDefined();
    const took = workingAt! - verdictAt;
    console.log(
      `live-guard-rescue: guard verdict after ${views} HTTP views (${sent.candidate} candidate / ${sent.base} base); ` +
        `release event ${releaseEvent!.at - verdictAt} ms, working screen ${took} ms after the verdict; audit: ${rollbacks[0].note}`,
    );
    expect(took).toBeGreaterThanOrEqual(0);
    expect(took).toBeLessThan(1000);
    // The same document: never reloaded, no second load.
    expect(await same(page)).toBe(true);
    expect(loads).toBe(1);
    expect(pageErrors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
