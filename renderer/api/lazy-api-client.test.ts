/**
 * The app's API client without its code on the first load: the same answers as the client itself, the code fetched at
 * the first call (or when warmed after the first screen), a URL built once it is here.
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { testApiMap } from './testing/test-api-map';
import { lazyApiClient, warmApiClient } from './lazy-api-client';

const apiMap = testApiMap({
  qaList: {
    method: 'GET',
    path: '/qa-list',
    encoding: 'query',
    successCode: 0,
    onFailure: 'toast',
    firstCall: { by: 'server', why: 'a read: its answers are kept for offline' },
    description: 'd',
  },
});

const answering =
  (body: unknown): AxiosAdapter =>
  async (config: InternalAxiosRequestConfig) => ({ data: body, status: 200, statusText: 'OK', headers: {}, config });

const options = (adapter: AxiosAdapter, toasts: string[] = []) => ({
  apiMap,
  query: { token: 't1' },
  toast: (m: string) => void toasts.push(m),
  t: (k: string) => k,
  logError: () => {},
  adapter,
});

describe('lazy API client', () => {
  it('keeps a served answer once the code is here, without fetching it for that', async () => {
    const api = lazyApiClient(options(answering({})));
    const served = { ok: true, code: 0, message: '', data: { list: [2] } };
    api.keep('qaList', {}, served);
    await warmApiClient();
    await Promise.resolve();
    expect(localStorage.getItem('sdui:answers')).toContain('"list":[2]');
  });

  it('answers a call as the client does, with the envelope read and a failure toasted', async () => {
    const ok = lazyApiClient(options(answering({ code: 0, message: '', data: { list: [1] } })));
    expect(await ok.call('qaList', {})).toMatchObject({ ok: true, data: { list: [1] } });
    const toasts: string[] = [];
    const refused = lazyApiClient(options(answering({ code: 7, message: 'no', data: null }), toasts));
    expect(await refused.call('qaList', {})).toMatchObject({ ok: false, code: 7, message: 'no' });
    expect(toasts).toEqual(['no']);
  });

  it('builds a URL once the code is here (a widget that needs one loads it first)', async () => {
    await warmApiClient();
    const api = lazyApiClient(options(answering({})));
    expect(api.url('qaList', { page: 2 })).toBe('/sandbox/qa-list?page=2&token=t1');
    expect(api.url('nope')).toBe('');
  });
});
