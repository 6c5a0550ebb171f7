import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../schemas/generated/types';
import { createTestServices, renderNodes } from '../../runtime/testing/render-nodes';
import { createRuntime } from '../runtime/create-runtime';
import { runActions } from './run-actions';

const acts = (...a: unknown[]) => a as Action[];

describe('action runner', () => {
  it('runs a sequence in order and shows one result to the next action', async () => {
    const { services, rec } = createTestServices({
      api: { problemInit: { code: 0, data: { orderNo: 'A1', list: [1, 2] } } },
    });
    const out = await runActions(
      acts(
        { action: 'api', endpoint: 'problemInit', params: { orderId: '{{ query.orderId }}' }, resultTo: 'init' },
        { action: 'setState', path: 'picked', value: '{{ result.orderNo }}' },
        { action: 'sequence', actions: [{ action: 'toast', message: 'n={{ len(state.init.list) }}' }] },
      ),
      { ...services, query: { orderId: '77' } },
    );
    expect(out.ok).toBe(true);
    expect(rec.apiCalls).toEqual([{ endpoint: 'problemInit', params: { orderId: '77' }, silent: undefined }]);
    expect(services.store.get('picked')).toBe('A1');
    expect(rec.toasts).toEqual([{ message: 'n=2', durationMs: undefined }]);
  });

  it('onSuccess sees the result; onError sees the error and the list stops', async () => {
    const { services, rec } = createTestServices({
      api: { ok: { code: '00', data: { url: 'u.png' } }, bad: { code: 800006, message: 'verification code wrong' } },
    });
    await runActions(
      acts({
        action: 'api',
        endpoint: 'ok',
        onSuccess: [{ action: 'setState', path: 'img', value: '{{ result.url }}' }],
      }),
      services,
    );
    expect(services.store.get('img')).toBe('u.png');
    const out = await runActions(
      acts(
        {
          action: 'api',
          endpoint: 'bad',
          silent: true,
          onError: [{ action: 'setState', path: 'err', value: '{{ error.code }}:{{ error.message }}' }],
        },
        { action: 'setState', path: 'after', value: true },
      ),
      services,
    );
    expect(out.ok).toBe(false);
    expect(services.store.get('err')).toBe('800006:verification code wrong');
    expect(services.store.get('after')).toBeUndefined();
    expect(rec.toasts).toEqual([]);
  });

  it('`if` runs then or else by its condition', async () => {
    const { services } = createTestServices({ state: { score: 3 } });
    const rule = acts({
      action: 'if',
      cond: 'state.score >= 4',
      then: [{ action: 'setState', path: 'next', value: 'store' }],
      else: [{ action: 'setState', path: 'next', value: 'result' }],
    });
    await runActions(rule, services);
    expect(services.store.get('next')).toBe('result');
    services.store.set('score', 5);
    await runActions(rule, services);
    expect(services.store.get('next')).toBe('store');
  });

  it('a failing validate stops the list and toasts the first message for 2 s', async () => {
    const { services, rec } = createTestServices();
    services.forms.register('f', { name: 'detail', validate: () => 'Please fill in your comments and suggestions' });
    services.forms.register('f', { name: 'other', validate: () => 'second' });
    const out = await runActions(
      acts({ action: 'validate', form: 'f' }, { action: 'setState', path: 'sent', value: true }),
      services,
    );
    expect(out.ok).toBe(false);
    expect(rec.toasts).toEqual([{ message: 'Please fill in your comments and suggestions', durationMs: 2000 }]);
    expect(services.store.get('sent')).toBeUndefined();
  });

  it('openModal/closeModal set state.$modals.<id>', async () => {
    const { services } = createTestServices();
    await runActions(acts({ action: 'openModal', id: 'rating' }), services);
    expect(services.store.get('$modals.rating')).toBe(true);
    await runActions(acts({ action: 'closeModal', id: 'rating' }), services);
    expect(services.store.get('$modals.rating')).toBe(false);
  });

  it('an unknown action or a throwing handler fails the list and is logged, never thrown', async () => {
    const { services, rec } = createTestServices();
    const out = await runActions(acts({ action: 'teleport' }, { action: 'setState', path: 'x', value: 1 }), services);
    expect(out.ok).toBe(false);
    expect(rec.logs[0].message).toContain('unknown action "teleport"');
    expect(services.store.get('x')).toBeUndefined();
  });
});

describe('delay', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('waits, then continues', async () => {
    const { services } = createTestServices();
    const p = runActions(acts({ action: 'delay', ms: 3000 }, { action: 'openModal', id: 'rating' }), services);
    await vi.advanceTimersByTimeAsync(2999);
    expect(services.store.get('$modals.rating')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(services.store.get('$modals.rating')).toBe(true);
  });

  it('is cancelled when the screen unmounts: later actions never run', async () => {
    const r = renderNodes([]);
    const p = r.runtime.run(acts({ action: 'delay', ms: 3000 }, { action: 'toast', message: 'late' }));
    await vi.advanceTimersByTimeAsync(1000);
    r.unmount();
    await vi.advanceTimersByTimeAsync(5000);
    const out = await p;
    expect(out.ok).toBe(false);
    expect(r.toasts).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('navigate, openUrl, storage, bridge', () => {
  it('navigate carries common params, fills route params and adds its query', async () => {
    const { services, rec } = createTestServices({ query: { deviceId: 'd1', token: 't', unrelated: 'x' } });
    await runActions(
      acts(
        { action: 'navigate', to: '/complainDetails', query: { problemId: '{{ item.id }}' } },
        { action: 'navigate', to: '/borrowDetail/:orderId', params: { orderId: '9' }, replace: true },
      ),
      services,
      { item: { id: 5 } },
    );
    expect(rec.navigations).toEqual([
      { to: '/complainDetails?deviceId=d1&token=t&problemId=5', replace: false },
      { to: '/borrowDetail/9?deviceId=d1&token=t', replace: true },
    ]);
  });

  it("navigate to an external URL keeps only http(s) and leaves the borrower's token and device behind", async () => {
    const { services, rec } = createTestServices({ query: { deviceId: 'd1', token: 't' }, state: { n: 7 } });
    await runActions(
      acts({
        action: 'navigate',
        url: 'https://partner.example/apply?a=1',
        query: { from: 'joint', n: '{{ state.n }}', gone: '{{ state.none }}' },
      }),
      services,
    );
    expect(rec.navigations).toEqual([{ url: 'https://partner.example/apply?a=1&from=joint&n=7', replace: false }]);
    const out = await runActions(acts({ action: 'navigate', url: '{{ state.u }}' }), {
      ...services,
      store: services.store,
    });
    expect(out.ok).toBe(false);
  });

  it('navigate to an external URL carries the common params where the screen asks (commonParams)', async () => {
    const { services, rec } = createTestServices({ query: { deviceId: 'd1', token: 't', unrelated: 'x' } });
    await runActions(
      acts({
        action: 'navigate',
        url: 'https://lend.example/details?a=1&deviceId=own',
        commonParams: true,
        query: { from: 'confirm' },
        replace: true,
      }),
      services,
    );
    expect(rec.navigations).toEqual([
      { url: 'https://lend.example/details?a=1&deviceId=own&token=t&from=confirm', replace: true },
    ]);
  });

  it('openUrl allows tel:/mailto:/http(s) and refuses anything else with a log', async () => {
    const { services, rec } = createTestServices({
      state: { kf: { email: 'cs@example.com' }, evil: 'javascript:alert(1)' },
    });
    await runActions(acts({ action: 'openUrl', url: 'mailto:{{ state.kf.email }}' }), services);
    await runActions(acts({ action: 'openUrl', url: 'tel:021-555' }), services);
    const out = await runActions(acts({ action: 'openUrl', url: '{{ state.evil }}' as never }), services);
    expect(rec.navigations).toEqual([
      { url: 'mailto:cs@example.com', replace: false },
      { url: 'tel:021-555', replace: false },
    ]);
    expect(out.ok).toBe(false);
    expect(rec.logs.some((l) => l.message.includes('refused "javascript:alert(1)"'))).toBe(true);
  });

  it('storage sets, reads through stored(), removes and clears only screen keys', async () => {
    const { services } = createTestServices({ state: { payType: 2 } });
    localStorage.setItem('sdui:config', 'keep');
    await runActions(acts({ action: 'storage', op: 'set', key: 'payType', value: '{{ state.payType }}' }), services);
    expect(createRuntime(services, runActions).evaluate("stored('payType')")).toBe(2);
    await runActions(acts({ action: 'storage', op: 'remove', key: 'payType' }), services);
    expect(createRuntime(services, runActions).evaluate("stored('payType')")).toBeUndefined();
    await runActions(
      acts({ action: 'storage', op: 'set', key: 'a', value: 'x' }, { action: 'storage', op: 'clear' }),
      services,
    );
    expect(localStorage.getItem('sdui:data:a')).toBeNull();
    expect(localStorage.getItem('sdui:config')).toBe('keep');
  });

  it('bridge sends the message with a resolved payload', async () => {
    const { services, rec } = createTestServices({ market: { servicePhone: '021' } });
    await runActions(
      acts({ action: 'bridge', message: 'callPhone', payload: { phone: '{{ market.servicePhone }}' } }),
      services,
    );
    expect(rec.bridgeCalls).toEqual([{ name: 'callPhone', payload: { phone: '021' } }]);
  });

  it('upload sends the file from scope and stores the URL', async () => {
    const { services, rec } = createTestServices({
      api: { uploadProblemImg: { code: '00', data: { url: 'https://cdn/x.png' } } },
    });
    const file = new Blob(['x'], { type: 'image/png' });
    const out = await runActions(
      acts({
        action: 'upload',
        endpoint: 'uploadProblemImg',
        field: 'problemImage',
        file: '{{ file }}',
        resultTo: 'up',
      }),
      services,
      { file },
    );
    expect(out.ok).toBe(true);
    expect(rec.apiCalls[0].upload).toEqual({ field: 'problemImage', file });
    expect(services.store.get('up.url')).toBe('https://cdn/x.png');
  });
});
