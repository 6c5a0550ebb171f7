import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testApiMap, testEndpoint } from './testing/test-api-map';
import type { KeptVerdict } from '../worker/kept-page-gate';

// A page painted from the phone (worker/kept-page-gate.ts): the gate is what a call that sends waits for.
const gate = vi.hoisted(() => ({ current: null as null | (() => Promise<KeptVerdict>) }));
vi.mock('../worker/kept-page-gate', () => ({ keptPageGate: () => gate.current }));
// The test set-up preloads every widget, and with them the API client (its real gate): load it afresh, on the mock.
vi.resetModules();
const { createApiClient, KEPT_CHANGED_CODE, OFFLINE_CODE } = await import('./api-client');

const apiMap = testApiMap({
  loanDetails: testEndpoint('/loan-details', 'server'),
  loanConfirm: testEndpoint('/loan-confirm', 'browser'),
});

function client() {
  const sent: string[] = [];
  const toasts: string[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    sent.push(String(config.url));
    return { data: { code: '00', message: '', data: {} }, status: 200, statusText: 'OK', headers: {}, config };
  };
  const api = createApiClient({
    apiMap,
    query: { token: 't1' },
    toast: (m) => toasts.push(m),
    t: (k) => (k === 'offline.notice' ? 'You are offline.' : k),
    logError: () => {},
    adapter,
  });
  return { api, sent, toasts };
}

afterEach(() => {
  gate.current = null;
  vi.restoreAllMocks();
});

describe('the API layer on a page painted from the phone', () => {
  it('a confirmation waits for the server to confirm the kept figures, then sends', async () => {
    let confirm!: (v: KeptVerdict) => void;
    gate.current = () => new Promise((r) => (confirm = r));
    const { api, sent } = client();
    const result = api.call('loanConfirm', { amount: 1000 });
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]);
    confirm('fresh');
    expect((await result).ok).toBe(true);
    expect(sent).toEqual(['/loan-confirm']);
  });

  it('kept figures that changed: nothing is sent (the page loads the server’s)', async () => {
    gate.current = async () => 'changed';
    const { api, sent, toasts } = client();
    const result = await api.call('loanConfirm', { amount: 1000 });
    expect(result).toMatchObject({ ok: false, code: KEPT_CHANGED_CODE });
    expect(sent).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('the server unreachable: refused, with the offline notice when the phone is offline', async () => {
    gate.current = async () => 'unavailable';
    const { api, sent, toasts } = client();
    expect(await api.upload('loanConfirm', 'file', new Blob(['x']))).toMatchObject({ ok: false });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await api.call('loanConfirm', {})).toMatchObject({ ok: false, code: OFFLINE_CODE });
    expect(sent).toEqual([]);
    expect(toasts).toEqual(['common.error', 'You are offline.']);
  });

  it("the server never answering the check: refused after the call's own timeout, not a spinner for good", async () => {
    vi.useFakeTimers();
    try {
      // A stalled connection: the check of the kept page neither answers nor fails.
      gate.current = () => new Promise(() => {});
      const { api, sent } = client();
      let result: unknown;
      void api.call('loanConfirm', { amount: 1000 }).then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(apiMap.timeoutMs + 1);
      expect(result).toMatchObject({ ok: false });
      expect(sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads do not wait: they change nothing', async () => {
    gate.current = () => new Promise(() => {});
    const { api, sent } = client();
    expect((await api.call('loanDetails', { orderId: 1 })).ok).toBe(true);
    expect(sent).toEqual(['/loan-details']);
  });
});
