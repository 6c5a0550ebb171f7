import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import type { ApiMapDocument } from '../../schemas/generated/types';
import { createApiClient } from './api-client';
import { inbox } from '../telemetry/telemetry-inbox';

/** The client does not read `firstCall` (only the server's first-call planner does). */
const FIXTURE = { by: 'browser', why: 'a client test fixture' } as const;
const apiMap: ApiMapDocument = {
  kind: 'api-map',
  id: 'default',
  schemaVersion: 1,
  baseUrl: '/sandbox',
  timeoutMs: 60000,
  commonParams: [
    { name: 'deviceId', query: 'deviceId' },
    { name: 'token', query: 'token' },
    { name: 'market', query: 'market' },
  ],
  headersFromQuery: [{ query: 'token', header: 'X-Token' }],
  endpoints: {
    problemSave: {
      method: 'POST',
      path: '/user-problem/problem-save',
      encoding: 'form',
      successCode: '00',
      onFailure: 'toast',
      firstCall: FIXTURE,
      description: 'd',
    },
    qaList: {
      method: 'GET',
      path: '/h5-api/v3/user-problem/get-qa-list',
      encoding: 'query',
      successCode: 0,
      onFailure: 'toast',
      firstCall: FIXTURE,
      description: 'd',
    },
    kf: {
      method: 'POST',
      path: '/v3/personal-center/contact-kf-info',
      encoding: 'form',
      successCode: 0,
      onFailure: 'toast',
      fixedParams: { overall: 30 },
      firstCall: FIXTURE,
      description: 'd',
    },
    loanDetails: {
      method: 'POST',
      path: '/v3/loan-details/loan-details',
      encoding: 'form',
      successCode: 0,
      onFailure: 'silent',
      firstCall: FIXTURE,
      description: 'd',
    },
    confirm: {
      method: 'POST',
      path: '/repayment-confirm',
      encoding: 'form',
      successCode: 0,
      onFailure: 'toast',
      errorTexts: { '800006': 'pay.codeWrong' },
      firstCall: FIXTURE,
      description: 'd',
    },
    upload: {
      method: 'POST',
      path: '/user-problem/upload-problem-img',
      encoding: 'multipart',
      successCode: '00',
      onFailure: 'toast',
      firstCall: FIXTURE,
      description: 'd',
    },
    captcha: {
      method: 'GET',
      path: '/api/v2/youmi/promotion/captcha',
      encoding: 'query',
      successCode: 0,
      onFailure: 'toast',
      response: 'image',
      firstCall: FIXTURE,
      description: 'd',
    },
  },
};

const texts: Record<string, string> = { 'common.error': 'error', 'pay.codeWrong': 'verification code wrong' };

function setup(
  reply: (c: InternalAxiosRequestConfig) => unknown,
  query: Record<string, string> = { deviceId: 'dev1', token: 'tok', market: 'ID', other: 'x' },
) {
  const seen: InternalAxiosRequestConfig[] = [];
  const toasts: { message: string; ms?: number }[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const body = reply(config);
    if (body instanceof Error) throw body;
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  const client = createApiClient({
    apiMap,
    query,
    toast: (message, ms) => void toasts.push({ message, ms }),
    t: (k) => texts[k] ?? k,
    logError: () => {},
    adapter,
  });
  return { client, seen, toasts };
}

describe('API layer', () => {
  it('form-encodes a POST body, puts common params in the query, sends marker and copied headers with a 60 s timeout', async () => {
    const { client, seen } = setup(() => ({ code: '00', message: 'ok', data: { id: 1 } }));
    const res = await client.call('problemSave', { problemType: 2, problemDetail: 'late' });
    expect(res).toEqual({ ok: true, code: '00', message: 'ok', data: { id: 1 } });
    const c = seen[0];
    expect(c.method).toBe('post');
    expect(c.baseURL).toBe('/sandbox');
    expect(c.url).toBe('/user-problem/problem-save');
    expect(c.timeout).toBe(60000);
    expect(c.params).toEqual({ deviceId: 'dev1', token: 'tok', market: 'ID' });
    expect(String(c.data)).toBe('problemType=2&problemDetail=late');
    expect(c.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(c.headers['X-Token']).toBe('tok');
    expect(String(c.headers['Content-Type'])).toContain('application/x-www-form-urlencoded');
  });

  it('GET query endpoints carry params and common params in the query, fixed params merged under the action params', async () => {
    const { client, seen } = setup(() => ({ code: 0, data: [] }));
    await client.call('qaList', { orderNo: 'A1', pid: 0 });
    expect(seen[0].method).toBe('get');
    expect(seen[0].params).toEqual({ orderNo: 'A1', pid: 0, deviceId: 'dev1', token: 'tok', market: 'ID' });
    await client.call('kf');
    expect(String(seen[1].data)).toBe('overall=30');
  });

  it("success code is per endpoint ('00' for legacy calls, 0 for the main API), read as a number or a string", async () => {
    const { client, toasts } = setup((c) =>
      c.url!.includes('problem-save')
        ? { code: '0', message: 'legacy as a number' }
        : { code: '01', message: 'main wants 0' },
    );
    expect((await client.call('problemSave')).ok).toBe(true);
    expect((await client.call('qaList')).ok).toBe(false);
    expect(toasts.map((t) => t.message)).toEqual(['main wants 0']);
  });

  it('a code that is no number (false, an empty list, a blank) is a failure, not the success code 0', async () => {
    // Number(false), Number([]) and Number(' ') are all 0: a refused payment read as paid went on to the loan's page.
    // A list holding the digit, [0], still reads as "0": no backend sends one, and telling it apart costs first-load
    // bytes.
    for (const code of [false, [], ' ', null, '']) {
      const { client, toasts } = setup(() => ({ code, message: 'Saldo tidak cukup', data: null }));
      expect(await client.call('confirm')).toMatchObject({ ok: false, message: 'Saldo tidak cukup' });
      expect(toasts.map((t) => t.message)).toEqual(['Saldo tidak cukup']);
    }
  });

  it('a failed response toasts the server message for 2 s; mapped codes use the text set', async () => {
    const { client, toasts } = setup((c) =>
      c.url === '/repayment-confirm' ? { code: 800006, message: 'raw' } : { code: 5, message: 'Order not found' },
    );
    const res = await client.call('qaList');
    expect(res).toEqual({ ok: false, code: 5, message: 'Order not found', data: undefined });
    await client.call('confirm');
    expect(toasts).toEqual([
      { message: 'Order not found', ms: 2000 },
      { message: 'verification code wrong', ms: 2000 },
    ]);
  });

  it('silent endpoints and silent calls never toast', async () => {
    const { client, toasts } = setup(() => ({ code: 1, message: 'nope' }));
    expect((await client.call('loanDetails')).ok).toBe(false);
    expect((await client.call('qaList', {}, { silent: true })).message).toBe('nope');
    expect(toasts).toEqual([]);
  });

  it('a call no longer wanted when it fails (a newer one writes the same place) fails without a toast', async () => {
    const { client, toasts } = setup(() => new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED'));
    const res = await client.call('qaList', {}, { wanted: () => false });
    expect(res).toEqual({ ok: false, code: undefined, message: 'error', data: undefined });
    expect(toasts).toEqual([]);
    await client.call('qaList', {}, { wanted: () => true });
    expect(toasts.map((t) => t.message)).toEqual(['error']);
  });

  it("network failure and timeout toast 'error' and never throw", async () => {
    const { client, toasts } = setup(() => new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED'));
    const res = await client.call('qaList');
    expect(res).toEqual({ ok: false, code: undefined, message: 'error', data: undefined });
    const { client: c2, toasts: t2 } = setup(() => new AxiosError('Network Error', 'ERR_NETWORK'));
    await c2.call('problemSave');
    expect([...toasts, ...t2].map((t) => t.message)).toEqual(['error', 'error']);
  });

  it('garbage instead of an envelope counts as a failure', async () => {
    const { client, toasts } = setup(() => '<html>502</html>');
    expect((await client.call('qaList')).ok).toBe(false);
    expect(toasts[0].message).toBe('error');
  });

  it('an unknown endpoint is logged, not toasted, not sent', async () => {
    const { client, seen, toasts } = setup(() => ({ code: 0 }));
    expect((await client.call('nope')).ok).toBe(false);
    expect(seen).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('absent query params are not sent as common params or headers', async () => {
    const { client, seen } = setup(() => ({ code: 0 }), { deviceId: 'd' });
    await client.call('qaList');
    expect(seen[0].params).toEqual({ deviceId: 'd' });
    expect(seen[0].headers['X-Token']).toBeUndefined();
  });

  it('uploads one file as multipart and gives data.url', async () => {
    const { client, seen } = setup(() => ({ code: '00', data: { url: 'https://cdn/a.png' } }));
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    const res = await client.upload('upload', 'problemImage', file);
    expect(res.data).toEqual({ url: 'https://cdn/a.png' });
    expect(seen[0].data).toBeInstanceOf(FormData);
    expect((seen[0].data as FormData).get('problemImage')).toBeInstanceOf(Blob);
    expect(seen[0].params).toEqual({ deviceId: 'dev1', token: 'tok', market: 'ID' });
  });

  it('builds image URLs with common params', () => {
    const { client } = setup(() => ({}));
    expect(client.url('captcha', { sid: 's1' })).toBe(
      '/sandbox/api/v2/youmi/promotion/captcha?sid=s1&deviceId=dev1&token=tok&market=ID',
    );
  });

  it('notes every failed call by its endpoint name for the beacons (network, unreadable answer, non-success code), and nothing else', async () => {
    inbox.length = 0;
    const replies: unknown[] = [
      new AxiosError('Network Error'),
      'not json',
      { code: 800006, message: 'wrong' },
      { code: 0, message: 'ok', data: {} },
    ];
    const { client } = setup(() => replies.shift());
    for (const name of ['problemSave', 'qaList', 'confirm', 'kf']) await client.call(name);
    await client.call('noSuchEndpoint');
    expect([...inbox]).toEqual([{ api: 'problemSave' }, { api: 'qaList' }, { api: 'confirm' }]);
    inbox.length = 0;
  });

  it("reads an answer someone else sent (the page's early fetch) as its own call: envelope, toast, timeout", async () => {
    const { client, seen, toasts } = setup(() => ({}));
    const ok = await client.answer(
      'problemSave',
      Promise.resolve({ status: 200, text: '{"code":"00","message":"","data":{"a":1}}' }),
    );
    expect(ok).toEqual({ ok: true, code: '00', message: '', data: { a: 1 } });
    const failed = await client.answer(
      'confirm',
      Promise.resolve({ status: 200, text: '{"code":800006,"message":"x"}' }),
    );
    expect(failed.ok).toBe(false);
    expect(toasts.map((t) => t.message)).toEqual(['verification code wrong']);
    const slow = createApiClient({
      apiMap: { ...apiMap, timeoutMs: 20 },
      query: {},
      toast: () => {},
      t: (k) => texts[k] ?? k,
      logError: () => {},
    });
    expect((await slow.answer('loanDetails', new Promise(() => {}))).ok).toBe(false);
    expect(seen).toEqual([]); // nothing sent
  });
});
