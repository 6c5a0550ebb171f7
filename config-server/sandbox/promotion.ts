import { randomBytes } from 'node:crypto';
import { CODES, SandboxError, notFound } from './envelope.js';
import type { Ctx, Endpoint } from './endpoint.js';
import { CAPTCHA_TEXT, SMS_CODE, SMS_INTERVAL_MS } from './seed.js';
import { nextId, pushBounded } from './state.js';
import { withSections } from '../../renderer/core/index.js';

const BASE = '/api/v2/youmi/promotion';
const MAX_SIDS = 5000;
/** An SMS code stays usable for 10 minutes. */
const SMS_TTL_MS = 10 * 60_000;

interface SmsInput {
  phone: string;
  capcode: string;
  sid: string;
}
interface RegisterInput extends SmsInput {
  smsCode: string;
  [field: string]: unknown;
}

const captchaOk = (ctx: Ctx, sid: string, capcode: string) =>
  ctx.sids.get(sid)?.toUpperCase() === capcode.trim().toUpperCase();

function track(name: string) {
  return (input: Record<string, unknown>, ctx: Ctx) => {
    pushBounded(ctx.session.events, {
      name,
      payload: { templateId: input.templateId ?? null, target: input.target ?? null },
      at: ctx.now(),
    });
    return null;
  };
}

/** Registration landing pages: template config, tracking, captcha, SMS and registration. */
export const promotionEndpoints: Endpoint[] = [
  {
    methods: ['GET'],
    path: '/api/v2/youmi/service/channel/channel-template',
    request: 'promotion#channel-template',
    handle(input: { templateId: string }, ctx) {
      const template = ctx.getTemplate(input.templateId);
      // A paused campaign answers like an ended one: the landing screen shows its promotion-ended page.
      if (template === undefined || (template as { paused?: unknown }).paused === true)
        throw notFound(`templateId ${input.templateId} not found`);
      // The landing screens draw `sections`: a template made before them is answered as one registration section.
      return withSections(template as Record<string, unknown>);
    },
  },
  { methods: ['GET', 'POST'], path: `${BASE}/track-visit`, request: 'promotion#track', handle: track('visit') },
  { methods: ['GET', 'POST'], path: `${BASE}/track-click`, request: 'promotion#track', handle: track('click') },
  {
    methods: ['GET'],
    path: `${BASE}/get-sid`,
    request: 'promotion#get-sid',
    handle(_input: unknown, ctx) {
      const sid = randomBytes(12).toString('hex');
      // Every sid shows the fixed sandbox captcha text, so demos and tests can type it.
      ctx.sids.set(sid, CAPTCHA_TEXT);
      if (ctx.sids.size > MAX_SIDS) ctx.sids.delete(ctx.sids.keys().next().value!);
      return { sid, captchaUrl: ctx.url(`api/v2/youmi/promotion/captcha?sid=${sid}`) };
    },
  },
  {
    methods: ['POST'],
    path: `${BASE}/get-sms`,
    request: 'promotion#get-sms',
    handle(input: SmsInput, ctx) {
      const s = ctx.session;
      if (!captchaOk(ctx, input.sid, input.capcode))
        throw new SandboxError(CODES.SMS_CAPTCHA_WRONG, 'image captcha wrong, please refresh it');
      if (s.registered.has(input.phone))
        throw new SandboxError(CODES.ALREADY_REGISTERED, 'you are registered, download the app to log in');
      const last = s.sms.get(input.phone);
      const now = ctx.now();
      if (last && now - last.sentAt < SMS_INTERVAL_MS)
        throw new SandboxError(CODES.SMS_TOO_EARLY, 'do not send verification code repeatedly');
      s.sms.set(input.phone, { code: SMS_CODE, sentAt: now });
      return { countdown: SMS_INTERVAL_MS / 1000 };
    },
  },
  {
    methods: ['POST'],
    path: `${BASE}/register`,
    request: 'promotion#register',
    handle(input: RegisterInput, ctx) {
      const s = ctx.session;
      if (!captchaOk(ctx, input.sid, input.capcode))
        throw new SandboxError(CODES.REGISTER_CAPTCHA_WRONG, 'image captcha wrong, please refresh it');
      if (s.registered.has(input.phone))
        throw new SandboxError(CODES.ALREADY_REGISTERED, 'you are registered, download the app to log in');
      const sms = s.sms.get(input.phone);
      if (!sms || sms.code !== input.smsCode.trim() || ctx.now() - sms.sentAt > SMS_TTL_MS) {
        throw new SandboxError(CODES.SMS_CODE_WRONG, 'SMS verification code wrong or expired');
      }
      s.registered.add(input.phone);
      s.sms.delete(input.phone);
      return { userId: `U${10000 + nextId(s)}` };
    },
  },
];
