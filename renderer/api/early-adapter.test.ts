import axios from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { earlyAdapter } from './early-adapter';

describe('earlyAdapter', () => {
  it('answers the request the page already sent, once; anything else goes to the network', async () => {
    const network = vi.fn(async (config) => ({ data: '{"code":0,"data":"net"}', status: 200, statusText: '', headers: {}, config, request: null }));
    vi.spyOn(axios, 'getAdapter').mockReturnValue(network as never);
    const early = Promise.resolve({ status: 200, text: '{"code":0,"data":"early"}' });
    const client = axios.create({ baseURL: '/sandbox', adapter: earlyAdapter({ url: '/sandbox/a?token=t', method: 'POST', body: 'x=1' }, early) });
    expect((await client.post('/a', 'x=1', { params: { token: 't' } })).data).toEqual({ code: 0, data: 'early' });
    expect(network).not.toHaveBeenCalled();
    expect((await client.post('/a', 'x=1', { params: { token: 't' } })).data).toEqual({ code: 0, data: 'net' }); // a second time: sent
    expect((await client.post('/a', 'x=2', { params: { token: 't' } })).data).toEqual({ code: 0, data: 'net' }); // other params
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('a failed early call fails the request like a network error', async () => {
    const early = Promise.reject(new Error('offline'));
    early.catch(() => {});
    const client = axios.create({ adapter: earlyAdapter({ url: '/b', method: 'GET' }, early) });
    await expect(client.get('/b')).rejects.toThrow('offline');
  });

  it('gives up after the request timeout when the early answer is late, like a request sent now', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<{ status: number; text: string }>(() => {});
      const client = axios.create({ adapter: earlyAdapter({ url: '/c', method: 'GET' }, never) });
      const result = client.get('/c', { timeout: 2500 }).catch((e: Error & { code?: string }) => e);
      await vi.advanceTimersByTimeAsync(2499);
      let settled = false;
      void result.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const e = await result;
      expect(e).toBeInstanceOf(Error);
      expect((e as { code?: string }).code).toBe('ECONNABORTED');
    } finally {
      vi.useRealTimers();
    }
  });
});
