import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TEXT, REGISTERED_PHONE, SMS_CODE } from './seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const PROMO = '/api/v2/youmi/promotion';
const REGISTRATION = {
  section: 'registration',
  title: 'landing.default.title',
  fields: ['mobile', 'captcha', 'smsCode', 'apply'],
};
const TEMPLATE = {
  kind: 'landing-template',
  id: 'spring-2025',
  schemaVersion: 1,
  appName: 'Dana Kilat',
  sections: [{ section: 'image', src: '/media/a.png', width: 750, height: 200 }, REGISTRATION],
};
/** A template made before sections: headline, banner and form at the top level. */
const LEGACY = {
  kind: 'landing-template',
  id: 'old-one',
  schemaVersion: 1,
  appName: 'Dana Kilat',
  title: 'landing.default.title',
  subtitle: 'landing.default.subtitle',
  bannerImage: '/assets/landing/banner.svg',
  bannerAlt: 'landing.default.bannerAlt',
  form: { fields: ['mobile', 'userName'], submitLabel: 'landing.default.apply' },
};

describe('promotion calls (registration landing)', () => {
  let sb: SandboxClient;
  let clock = 1_750_000_000_000;
  beforeAll(async () => {
    sb = await startSandbox({
      now: () => clock,
      getTemplate: (id) =>
        id === TEMPLATE.id
          ? TEMPLATE
          : id === LEGACY.id
            ? LEGACY
            : id === 'paused-one'
              ? { ...TEMPLATE, paused: true }
              : undefined,
    });
  });
  afterAll(() => sb.close());

  it('channel-template serves the landing-template document by templateId', async () => {
    expect(await sb.get('/api/v2/youmi/service/channel/channel-template', { templateId: 'spring-2025' })).toEqual({
      code: 0,
      message: 'success',
      data: TEMPLATE,
    });
    expect(await sb.get('/api/v2/youmi/service/channel/channel-template', { templateId: 'nope' })).toEqual({
      code: 404,
      message: expect.any(String),
      detail: 'templateId nope not found',
      data: null,
    });
    expect((await sb.get('/api/v2/youmi/service/channel/channel-template', { templateId: '../x' })).code).toBe(400);
  });

  it('channel-template answers a template made before sections with its one registration section, drawn as before', async () => {
    const { data } = await sb.get('/api/v2/youmi/service/channel/channel-template', { templateId: 'old-one' });
    expect(data.sections).toEqual([
      {
        section: 'registration',
        banner: { src: '/assets/landing/banner.svg', alt: 'landing.default.bannerAlt' },
        title: 'landing.default.title',
        subtitle: 'landing.default.subtitle',
        // The old page always drew the SMS code and apply, and mobile, captcha only when listed.
        fields: ['mobile', 'smsCode', 'userName', 'apply'],
        submitLabel: 'landing.default.apply',
      },
    ]);
    // One source for the page: the fields the section replaced are not answered beside it.
    for (const gone of ['title', 'subtitle', 'bannerImage', 'bannerAlt', 'form']) expect(data).not.toHaveProperty(gone);
    expect(data).toMatchObject({ appName: 'Dana Kilat', id: 'old-one' });
  });

  it('channel-template answers a paused campaign like an unknown one (the visitor sees the promotion-ended page)', async () => {
    expect(await sb.get('/api/v2/youmi/service/channel/channel-template', { templateId: 'paused-one' })).toEqual({
      code: 404,
      message: expect.any(String),
      detail: 'templateId paused-one not found',
      data: null,
    });
  });

  it('track-visit and track-click record and answer success', async () => {
    expect(await sb.get(`${PROMO}/track-visit`, { templateId: 'spring-2025' })).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
    expect((await sb.get(`${PROMO}/track-click`, { templateId: 'spring-2025', target: 'apply' })).code).toBe(0);
  });

  it('get-sid returns a sid whose captcha image shows the captcha text', async () => {
    const res = await sb.get(`${PROMO}/get-sid`);
    expect(res.data.sid).toMatch(/^[0-9a-f]{24}$/);
    const img = await sb.raw(`${PROMO}/captcha?sid=${res.data.sid}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await img.text();
    const drawn = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
    expect(drawn).toBe(CAPTCHA_TEXT);
    expect(svg).not.toMatch(/<script/i);
    expect((await sb.raw(`${PROMO}/captcha?sid=unknown`)).status).toBe(404);
  });

  it('get-sms: 101 wrong captcha, 11 registered, 0 sent, too early within 60 s', async () => {
    const t = 'sms';
    const { sid } = (await sb.get(`${PROMO}/get-sid`, {}, t)).data;
    const sms = (phone: string, capcode = CAPTCHA_TEXT) =>
      sb.post(`${PROMO}/get-sms`, { phone, capcode, sid, deviceId: 'd1', appName: 'Dana Kilat' }, t);
    expect((await sms('12345')).detail).toBe('phone: enter correct mobile number (11 digits, first 1, second 3-9)');
    expect((await sms('12800138000')).code).toBe(400);
    expect(await sms('13900001111', 'AAAA')).toEqual({
      code: 101,
      message: 'image captcha wrong, please refresh it',
      data: null,
    });
    expect(await sms(REGISTERED_PHONE)).toEqual({
      code: 11,
      message: 'you are registered, download the app to log in',
      data: null,
    });
    expect(await sms('13900001111', CAPTCHA_TEXT.toLowerCase())).toEqual({
      code: 0,
      message: 'success',
      data: { countdown: 60 },
    });
    clock += 59_000;
    expect(await sms('13900001111')).toEqual({
      code: 102,
      message: 'do not send verification code repeatedly',
      data: null,
    });
    clock += 1_000;
    expect((await sms('13900001111')).code).toBe(0);
  });

  it('register: -1 wrong captcha, wrong SMS code, 0 success, then 11', async () => {
    const t = 'reg';
    const { sid } = (await sb.get(`${PROMO}/get-sid`, {}, t)).data;
    const phone = '15811112222';
    const reg = (fields: Record<string, string>) =>
      sb.post(
        `${PROMO}/register`,
        {
          phone,
          capcode: CAPTCHA_TEXT,
          sid,
          smsCode: SMS_CODE,
          deviceId: 'd1',
          appName: 'Dana Kilat',
          id: 'spring-2025',
          ...fields,
        },
        t,
      );
    expect(await reg({})).toMatchObject({ code: 103, message: 'SMS verification code wrong or expired' });
    expect((await sb.post(`${PROMO}/get-sms`, { phone, capcode: CAPTCHA_TEXT, sid }, t)).code).toBe(0);
    expect(await reg({ capcode: 'ZZZZ' })).toEqual({
      code: -1,
      message: 'image captcha wrong, please refresh it',
      data: null,
    });
    expect((await reg({ smsCode: '654321' })).code).toBe(103);
    expect((await reg({ smsCode: '1234567' })).code).toBe(400);
    const ok = await reg({});
    expect(ok).toMatchObject({ code: 0, data: { userId: expect.any(String) } });
    expect((await reg({})).code).toBe(11);
    expect((await sb.post(`${PROMO}/get-sms`, { phone, capcode: CAPTCHA_TEXT, sid }, t)).code).toBe(11);
    expect((await reg({ phone: REGISTERED_PHONE })).code).toBe(11);
  });
});
