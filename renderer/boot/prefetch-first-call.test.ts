import { describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import type { ApiClient, ApiResult } from '../runtime/contract';
import { firstApiCall, prefetchFirstCall, withPrefetched } from './prefetch-first-call';

const screen = (onLoad: unknown[], state: Record<string, unknown> = {}) =>
  ({ kind: 'screen', id: 's', schemaVersion: 1, title: 't', state, body: [], onLoad }) as unknown as ScreenDocument;

const env = { query: { orderId: '42', token: 't' }, market: { id: 'ID' }, texts: {} };

function fakeApi() {
  const calls: [string, unknown, unknown][] = [];
  const api: ApiClient = {
    call: vi.fn(async (endpoint, params, opts) => {
      calls.push([endpoint, params, opts]);
      return { ok: true, code: 0, message: '', data: { n: calls.length } } satisfies ApiResult;
    }),
    upload: vi.fn(),
    url: vi.fn(() => ''),
  };
  return { api, calls };
}

describe('firstApiCall', () => {
  it('follows the `if` branch the initial query picks and resolves its params', () => {
    const doc = screen([
      { action: 'if', cond: 'query.orderId', then: [{ action: 'api', endpoint: 'problemInit', params: { orderId: '{{ query.orderId }}' } }], else: [{ action: 'api', endpoint: 'problemInit' }] },
      { action: 'setState', path: 'x', value: 1 },
    ]);
    expect(firstApiCall(doc, env)).toMatchObject({ action: { endpoint: 'problemInit' }, params: { orderId: '42' } });
    expect(firstApiCall(doc, { ...env, query: {} })).toMatchObject({ params: {} });
  });

  it('reads the initial state; stops at an action that could change what the call sends', () => {
    expect(firstApiCall(screen([{ action: 'api', endpoint: 'e', params: { p: '{{ state.page }}' } }], { page: 3 }), env)?.params).toEqual({ p: 3 });
    expect(firstApiCall(screen([{ action: 'setState', path: 'page', value: 2 }, { action: 'api', endpoint: 'e' }]), env)).toBeNull();
    expect(firstApiCall(screen([{ action: 'api', endpoint: 'e', params: { id: '{{ params.id }}' } }]), env)).toBeNull();
    expect(firstApiCall(screen([]), env)).toBeNull();
  });
});

describe('withPrefetched', () => {
  it('the same call (endpoint, resolved params, silent) gets the boot request once; others go to the network', async () => {
    const { api, calls } = fakeApi();
    const prefetched = prefetchFirstCall(screen([{ action: 'api', endpoint: 'problemList', params: { page: '{{ 1 }}' } }]), { ...env, api });
    expect(calls).toEqual([['problemList', { page: 1 }, { silent: undefined }]]);
    const client = withPrefetched(api, prefetched);
    expect((await client.call('problemList', { page: 1 })).data).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Claimed once: the same call again (a remount, a retry) is a new request.
    expect((await client.call('problemList', { page: 1 })).data).toEqual({ n: 2 });
    expect((await withPrefetched(api, prefetched).call('problemList', { page: 1 })).data).toEqual({ n: 3 });
  });

  it('different params or silent flag do not match the boot request', async () => {
    const { api, calls } = fakeApi();
    const prefetched = prefetchFirstCall(screen([{ action: 'api', endpoint: 'e', params: { a: 1 } }]), { ...env, api });
    const client = withPrefetched(api, prefetched);
    await client.call('e', { a: 2 });
    await client.call('e', { a: 1 }, { silent: true });
    expect(calls).toHaveLength(3);
    expect(prefetched).toHaveLength(1);
  });
});
