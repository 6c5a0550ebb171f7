/**
 * The sandbox plays the real backend: a successful registration reports a `registered` conversion of the request's
 * deviceId server to server (with the sandbox's conversion key), which counts in the borrower's arm; a failed one
 * reports nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch as fetch } from '../openapi/check.js';
import { startTestServer, type TestServer } from '../testing/test-helpers.js';
import { startTestRelease } from '../releases/testing/test-release.js';
import { fetchTicket } from '../releases/testing/test-tickets.js';
import { CAPTCHA_TEXT, SMS_CODE } from './seed.js';

const PROMO = '/sandbox/api/v2/youmi/promotion';

describe('sandbox conversion reports', () => {
  let s: TestServer;
  let release: string;
  beforeAll(async () => {
    s = await startTestServer({ guardMs: 3_600_000 });
    const experiment = { goals: ['registered'], guardrails: [] };
    release = (await startTestRelease(s, { screens: ['complaint-entry'], experiment })).id;
  }, 60_000);
  afterAll(() => s?.stop());

  const call = async (path: string, deviceId: string, fields?: Record<string, string>) => {
    const url = `${s.url}${PROMO}/${path}?market=ID&deviceId=${deviceId}&token=t-${deviceId}`;
    const r = fields
      ? await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        })
      : await fetch(url);
    return (await r.json()) as { code: number; data: { sid?: string } };
  };
  const register = async (deviceId: string, phone: string, smsCode = SMS_CODE) => {
    const sid = (await call('get-sid', deviceId)).data.sid!;
    const base = { phone, capcode: CAPTCHA_TEXT, sid, deviceId, appName: 'Dana Kilat' };
    expect((await call('get-sms', deviceId, base)).code).toBe(0);
    return (await call('register', deviceId, { ...base, smsCode })).code;
  };
  const registered = async (arm: string) => {
    const c = await s.config.store.experiments.experimentCounts(release);
    return c.hits.filter((h) => h.metric === 'registered' && h.arm === arm && h.source === 'backend').length;
  };

  it("reports a successful registration as a conversion of the borrower's arm", async () => {
    const { arm } = await fetchTicket(s.url, 'complaint-entry', 'landing-1', release);
    await s.config.exposures.flush();
    await new Promise((r) => setTimeout(r, 5));
    expect(await register('landing-1', '13900002222')).toBe(0);
    await expect.poll(() => registered(arm), { timeout: 5000 }).toBe(1);
  });

  it('reports nothing for a failed registration', async () => {
    const { arm } = await fetchTicket(s.url, 'complaint-entry', 'landing-2', release);
    await s.config.exposures.flush();
    const before = await registered(arm);
    expect(await register('landing-2', '13900003333', '654321')).not.toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(await registered(arm)).toBe(before);
  });
});
