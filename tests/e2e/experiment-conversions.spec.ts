/**
 * Experiments end to end: a landing page copy edit published as an experiment on `registered` at 50 %. A visitor whose
 * deviceId falls in the candidate arm registers for real on the landing page in Chromium: the server exposed them
 * when it drew the page (the view ticket), the sandbox, playing the backend, reports the registration server to
 * server, and the results show one `registered` conversion in the candidate arm. A second visitor in the base arm
 * registers too and shows in the base. The arm of each deviceId is computed with the server's own arm rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Client } from '../../config-server/testing/test-helpers';
import { inCandidate, prepareDraw } from '../../config-server/releases/bucket';
import { PASSWORD } from './admin-helpers';
import { screenVisible, startHarness, type Harness } from './harness';

const CAPTCHA = '7G4K';
const SMS = '123456';
type Arm = 'base' | 'candidate';

let h: Harness;
let ops: Client;
let release: string;
const device: Partial<Record<Arm, string>> = {};

beforeAll(async () => {
  h = await startHarness({
    locale: 'id-ID',
    env: { ADMIN_USER: 'ops', ADMIN_PASSWORD: PASSWORD, ADMIN_ROLE: 'publisher', EXPERIMENT_MIN_DAYS: '0' },
    log: () => {},
  });
  ops = await login(h.url, 'ops', PASSWORD);
  const doc = await ops.req('GET', '/admin/api/documents/screen/landing-register');
  const content = { ...(await doc.json()).published.content, description: 'landing copy under test' };
  const saved = await ops.req('PUT', '/admin/api/documents/screen/landing-register/draft', content, {
    'if-match': doc.headers.get('etag')!,
  });
  expect(saved.status).toBe(200);
  const published = await ops.req('POST', '/admin/api/publish', {
    documents: [{ kind: 'screen', id: 'landing-register' }],
    note: 'Does the new landing copy bring more registrations?',
    rollout: { percent: 50 },
    experiment: { goals: ['registered'] },
  });
  expect(published.status).toBe(200);
  release = (await published.json()).release.id;
  const r = (await (await ops.req('GET', '/admin/api/releases')).json()).releases.find(
    (x: { id: string }) => x.id === release,
  );
  // The server's own arm rule (releases/bucket.ts) on the release's seed: no request exposes anyone before Chromium.
  const draw = prepareDraw(r);
  for (let i = 0; !device.base || !device.candidate; i++) {
    const id = `exp-e2e-${process.pid}-${i}`;
    device[inCandidate(draw, { deviceId: id, market: 'ID', platform: 'ios' }) ? 'candidate' : 'base'] ||= id;
  }
}, 60_000);
afterAll(async () => h?.close());

const results = async () => {
  const r = await ops.req('GET', `/admin/api/releases/${release}/results`);
  expect(r.status).toBe(200);
  return r.json();
};

/** A visitor of `arm` registers on the landing page, as a person does: phone, captcha, SMS code, apply. */
async function registerAs(arm: Arm, phone: string) {
  const { page, pageErrors } = await h.openScreen('/register', {
    token: `exp-${arm}-${Date.now()}`,
    query: { templateId: 'default', deviceId: device[arm]! },
  });
  await screenVisible(page);
  // The drawn page says the borrower's arm in its hand-off, as the server chose it.
  const boot = await page.evaluate(() => document.getElementById('sdui-boot')?.textContent ?? '{}');
  expect((JSON.parse(boot) as { release?: string }).release).toBe(`${release}=${arm}`);
  await page.getByLabel('Nomor HP').fill(phone);
  await page.getByLabel('Kode gambar', { exact: true }).fill(CAPTCHA);
  await page.getByRole('button', { name: 'Dapatkan kode' }).click();
  await page.locator('.sdui-toast', { hasText: 'Kode verifikasi terkirim' }).first().waitFor();
  await page.getByLabel('Kode SMS').pressSequentially(SMS);
  await page.getByRole('button', { name: 'Ajukan sekarang' }).click();
  await page.locator('.sdui-toast', { hasText: 'registration successful' }).first().waitFor();
  expect(pageErrors).toEqual([]);
  await page.context().close();
}

describe('an experiment on the landing page', () => {
  it("counts a real registration in the candidate arm as that arm's `registered` conversion", async () => {
    const before = await results();
    expect(before.exposures).toEqual({ base: 0, candidate: 0 });
    await registerAs('candidate', '13911112222');
    await expect.poll(async () => (await results()).goals[0].candidate.conversions, { timeout: 10_000 }).toBe(1);
    const r = await results();
    expect(r.exposures).toEqual({ base: 0, candidate: 1 });
    expect(r.goals[0]).toMatchObject({
      metric: 'registered',
      base: { exposed: 0, conversions: 0 },
      candidate: { exposed: 1, conversions: 1, rate: 1 },
      verdict: 'not-enough-data',
      reportedByApp: { base: 0, candidate: 0 },
    });
    expect(r.markets.ID.goals[0].candidate.conversions).toBe(1);
  });

  it("counts a second borrower's registration in the base arm in the base", async () => {
    await registerAs('base', '13933334444');
    await expect.poll(async () => (await results()).goals[0].base.conversions, { timeout: 10_000 }).toBe(1);
    const r = await results();
    expect(r.exposures).toEqual({ base: 1, candidate: 1 });
    expect([r.goals[0].base.conversions, r.goals[0].candidate.conversions]).toEqual([1, 1]);
  });
});
