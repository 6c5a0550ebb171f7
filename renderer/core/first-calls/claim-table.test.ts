import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResult } from '../api/api-result';
import { callKey } from './call-key';
import { claiming, createClaimTable } from './claim-table';

const ok = (data: unknown): ApiResult => ({ ok: true, code: 0, message: '', data });

function network() {
  let n = 0;
  const api: ApiClient = { call: vi.fn(async () => ok({ n: ++n })), upload: vi.fn(), url: vi.fn(() => '') };
  return api;
}

describe('claim table', () => {
  it('answers the same call (endpoint, resolved params, silent) from the table once; anything else goes on', async () => {
    const api = network();
    const table = createClaimTable();
    table.put(callKey('problemList', { page: 1 }, false), Promise.resolve(ok('claimed')));
    const client = claiming(api, table);
    expect((await client.call('problemList', { page: 1 }, { silent: true })).data).toEqual({ n: 1 });
    expect((await client.call('problemList', { page: 2 })).data).toEqual({ n: 2 });
    expect((await client.call('problemList', { page: 1 })).data).toBe('claimed');
    expect((await client.call('problemList', { page: 1 })).data).toEqual({ n: 3 });
  });

  it('keeps the first entry for a key, and forgets everything once cleared', async () => {
    const table = createClaimTable();
    table.put('k', Promise.resolve(ok(1)));
    table.put('k', Promise.resolve(ok(2)));
    expect(table.keys()).toEqual(['k']);
    expect((await table.take('k'))?.data).toBe(1);
    table.put('j', Promise.resolve(ok(3)));
    table.clear();
    expect(table.has('j')).toBe(false);
    expect(table.take('j')).toBeUndefined();
  });
});
