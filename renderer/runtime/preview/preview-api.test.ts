import { describe, expect, it, vi } from 'vitest';
import type { ApiMapDocument } from '../../../schemas/generated/types';
import type { ApiResult } from '../../core/api/api-result';
import { previewApi, templateEndpoints, type TemplateDraft } from './preview-api';
import { FAILED_CALL_PREFIX } from './preview-messages';

const ok = (data: unknown): ApiResult => ({ ok: true, code: 0, message: '', data });
function app() {
  return {
    call: vi.fn(async (name: string) => ok(name)),
    upload: vi.fn(async () => ok(null)),
    url: vi.fn(() => '/u'),
    answer: vi.fn(async (_name: string, raw: Promise<unknown>) =>
      raw.then(
        () => ok('answered'),
        (e: Error) => ({ ok: false, code: undefined, message: `network: ${e.message}`, data: undefined }),
      ),
    ),
  };
}

describe('the preview frame’s API client', () => {
  it('passes calls through; a marked step fails through the client’s own failure path', async () => {
    const real = app();
    const api = previewApi(real, () => null);
    expect(await api.call('orders', { a: 1 }, { silent: true })).toEqual(ok('orders'));
    expect(real.call).toHaveBeenCalledWith('orders', { a: 1 }, { silent: true });
    const failed = await api.call(`${FAILED_CALL_PREFIX}orders`, {}, { silent: true });
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/^network: failed on purpose/);
    expect(real.answer).toHaveBeenCalledWith('orders', expect.any(Promise), { silent: true });
    expect(real.call).toHaveBeenCalledTimes(1);
    expect(api.url('x')).toBe('/u');
  });

  it('answers template reads with the draft itself, a paused one like an unknown template', async () => {
    const real = app();
    const doc = { templateId: 'spring', sections: [] };
    let draft: TemplateDraft | null = { doc, endpoints: new Map([['channelTemplate', 0]]) };
    const api = previewApi(real, () => draft);
    const got = await api.call('channelTemplate', { templateId: 'spring' });
    expect(got).toEqual({ ok: true, code: 0, message: '', data: doc });
    // The same objects: the frame maps what the page draws from them back to their pointers.
    expect(got.data).toBe(doc);
    expect(await api.call('register', {})).toEqual(ok('register'));
    draft = { doc: { ...doc, paused: true }, endpoints: draft.endpoints };
    expect((await api.call('channelTemplate', {})).ok).toBe(false);
    draft = null;
    expect(await api.call('channelTemplate', {})).toEqual(ok('channelTemplate'));
    expect(real.call).toHaveBeenCalledTimes(2);
  });

  it('template reads are the GET endpoints declaring a templateId', () => {
    const map = {
      endpoints: {
        channelTemplate: { method: 'GET', path: '/t', params: ['templateId'], successCode: 0 },
        trackVisit: { method: 'POST', path: '/v', params: ['templateId'], successCode: 0 },
        orders: { method: 'GET', path: '/o', successCode: 200 },
      },
    } as unknown as ApiMapDocument;
    expect([...templateEndpoints(map)]).toEqual([['channelTemplate', 0]]);
  });
});
