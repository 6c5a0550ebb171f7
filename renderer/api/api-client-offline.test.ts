import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApiMap, testEndpoint } from './testing/test-api-map';
import { createApiClient, OFFLINE_CODE } from './api-client';
import { offlineStatus } from './offline-status';

const apiMap = testApiMap({
  problemList: testEndpoint('/problem-list', 'server'),
  problemSave: testEndpoint('/problem-save', 'browser'),
});
const market = { timeZone: 'Asia/Jakarta', offline: { worker: 'on', keepAnswersHours: 24 } };

function client(token = 't1') {
  const sent: string[] = [];
  const toasts: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    sent.push(String(config.url));
    return {
      data: { code: '00', message: '', data: { rows: [1, 2] } },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
  const api = createApiClient({
    apiMap,
    market,
    query: { token },
    toast: (m) => toasts.push(m),
    t: (k) => (k === 'offline.notice' ? 'You are offline.' : k),
    logError: () => {},
    adapter,
  });
  return { api, sent, toasts };
}
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => {
  vi.restoreAllMocks();
  offlineStatus.navigated();
});

describe('the API layer offline', () => {
  it('answers a read it fetched before from the phone, marked with its fetch time, and sends nothing', async () => {
    const online = client();
    expect((await online.api.call('problemList', { tab: 1 })).data).toEqual({ rows: [1, 2] });
    const before = Date.now();
    goOffline();
    const offline = client();
    const res = await offline.api.call('problemList', { tab: 1 });
    expect(res).toMatchObject({ ok: true, data: { rows: [1, 2] } });
    expect(offline.sent).toEqual([]);
    expect(offline.toasts).toEqual([]);
    const { offline: isOffline, asOf } = offlineStatus.getSnapshot();
    expect(isOffline).toBe(true);
    expect(asOf).toBeLessThanOrEqual(before);
  });

  it('a read never fetched fails quietly (the page says offline); another token never sees the last one', async () => {
    await client('t1').api.call('problemList', { tab: 1 });
    goOffline();
    const other = client('t2');
    expect(await other.api.call('problemList', { tab: 1 })).toMatchObject({ ok: false, code: OFFLINE_CODE });
    expect(other.toasts).toEqual([]);
  });

  it('another token never sees the last one when the backend takes the token as a header only', async () => {
    // The token left out of every call's query string (it ends up in logs there): the X-Token header carries it.
    const headerToken = {
      ...apiMap,
      commonParams: [{ name: 'deviceId', query: 'deviceId' }],
      headersFromQuery: [{ query: 'token', header: 'X-Token' }],
    };
    const onPhone = (token: string) => {
      const sent: string[] = [];
      const api = createApiClient({
        apiMap: headerToken,
        market,
        query: { token, deviceId: 'phone-1' },
        toast: () => {},
        t: (k) => k,
        logError: () => {},
        adapter: async (config) => {
          sent.push(String(config.headers['X-Token']));
          return {
            data: { code: '00', message: '', data: { owner: token } },
            status: 200,
            statusText: 'OK',
            headers: {},
            config,
          };
        },
      });
      return { api, sent };
    };
    const first = onPhone('t1');
    expect((await first.api.call('problemList', { tab: 1 })).data).toEqual({ owner: 't1' });
    expect(first.sent).toEqual(['t1']);
    goOffline();
    // The next borrower on the same phone, offline: the first one's answers are not theirs.
    expect(await onPhone('t2').api.call('problemList', { tab: 1 })).toMatchObject({ ok: false, code: OFFLINE_CODE });
  });

  it('refuses a send with the offline notice, never sends or queues it, and sends on the next tap online', async () => {
    const mock = goOffline();
    const { api, sent, toasts } = client();
    expect(await api.call('problemSave', { problemDetail: 'x' })).toEqual({
      ok: false,
      code: OFFLINE_CODE,
      message: 'You are offline.',
      data: undefined,
    });
    expect(toasts).toEqual(['You are offline.']);
    expect(sent).toEqual([]);
    mock.mockReturnValue(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]);
    expect((await api.call('problemSave', { problemDetail: 'x' })).ok).toBe(true);
    expect(sent).toEqual(['/problem-save']);
  });

  it('a send whose connection drops on the way is refused as offline, never claimed done', async () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const toasts: string[] = [];
    const api = createApiClient({
      apiMap,
      market,
      query: { token: 't1' },
      toast: (m) => toasts.push(m),
      t: (k) => (k === 'offline.notice' ? 'You are offline.' : 'Network error'),
      logError: () => {},
      adapter: async () => {
        online = false;
        throw new Error('Network Error');
      },
    });
    expect(await api.call('problemSave', {})).toMatchObject({ ok: false, code: OFFLINE_CODE });
    expect(toasts).toEqual(['You are offline.']);
  });

  describe('a flaky link: the browser says online, nothing usable comes', () => {
    /** A client on the same phone (token t1) whose every call gets `answer`: a captive portal's page, or nothing. */
    function flaky(answer: () => unknown) {
      const toasts: string[] = [];
      const api = createApiClient({
        apiMap,
        market,
        query: { token: 't1' },
        toast: (m) => toasts.push(m),
        t: (k) => (k === 'offline.notice' ? 'You are offline.' : 'Network error'),
        logError: () => {},
        adapter: async (config) => ({ data: answer(), status: 200, statusText: 'OK', headers: {}, config }),
      });
      return { api, toasts };
    }
    const PORTAL = '<!doctype html><html><body><h1>Wi-Fi login</h1><form><input name="voucher"></form></body></html>';

    it('a captive portal answering 200 with its login page: the screen shows what the phone kept, "as of"', async () => {
      await client().api.call('problemList', { tab: 1 });
      const fetchedAt = Date.now();
      const portal = flaky(() => PORTAL);
      expect(await portal.api.call('problemList', { tab: 1 })).toMatchObject({ ok: true, data: { rows: [1, 2] } });
      expect(portal.toasts).toEqual([]);
      expect(offlineStatus.getSnapshot().asOf).toBeLessThanOrEqual(fetchedAt);
      // The portal's page was never kept as the borrower's data: offline, the answer from before shows.
      goOffline();
      expect((await client().api.call('problemList', { tab: 1 })).data).toEqual({ rows: [1, 2] });
    });

    it('a call that hangs until its timeout: the kept answer shows; a send is never claimed done', async () => {
      await client().api.call('problemList', { tab: 1 });
      const dead = flaky(() => {
        throw new Error('timeout of 60000ms exceeded');
      });
      expect(await dead.api.call('problemList', { tab: 1 })).toMatchObject({ ok: true, data: { rows: [1, 2] } });
      expect(offlineStatus.getSnapshot().asOf).not.toBeNull();
      expect(await dead.api.call('problemSave', {})).toMatchObject({ ok: false, message: 'Network error' });
      expect(dead.toasts).toEqual(['Network error']);
      // A read the phone never kept still says it failed.
      expect(await dead.api.call('problemList', { tab: 2 })).toMatchObject({ ok: false, message: 'Network error' });
    });
  });
});
