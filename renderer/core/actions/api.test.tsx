import { describe, expect, it } from 'vitest';
import type { Action } from '../../../schemas/generated/types';
import { createTestServices } from '../../runtime/testing/render-nodes';
import { runActions } from './run-actions';

const acts = (...a: unknown[]) => a as Action[];

describe('api detached', () => {
  it('does not wait for the call and its failure stops nothing; onError still runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { services, rec } = createTestServices({
      api: { trackClick: async () => (await gate, { code: 500, message: 'down' }) },
      silentEndpoints: ['trackClick'],
    });
    const out = await runActions(
      acts(
        {
          action: 'api',
          endpoint: 'trackClick',
          params: { target: 'apply' },
          detached: true,
          onError: [{ action: 'setState', path: 'failed', value: '{{ error.message }}' }],
        },
        { action: 'setState', path: 'after', value: true },
      ),
      services,
    );
    expect(out.ok).toBe(true);
    expect(services.store.get('after')).toBe(true);
    expect(rec.apiCalls.map((c) => c.endpoint)).toEqual(['trackClick']);
    release();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(services.store.get('failed')).toBe('down');
    expect(rec.toasts).toEqual([]);
  });
});

describe('api answers that come back out of order', () => {
  // A borrower switches pay type before the first type's options have come: the slower, older answer must not land
  // over the newer one's (it drew another type's options, nameless, under the chosen type).
  it('an older call answering after a newer one for the same resultTo writes nothing and runs nothing after it', async () => {
    const gates: Array<() => void> = [];
    const { services, rec } = createTestServices({
      api: {
        options: async (p: Record<string, unknown>) => {
          await new Promise<void>((r) => gates.push(r));
          return { code: 0, message: 'ok', data: { type: p.type } };
        },
      },
    });
    const call = (type: number) =>
      acts(
        {
          action: 'api',
          endpoint: 'options',
          params: { type },
          resultTo: 'opts',
          onError: [{ action: 'setState', path: `failed${type}`, value: true }],
        },
        { action: 'setState', path: `after${type}`, value: '{{ state.opts.type }}' },
      );
    const older = runActions(call(1), services);
    const newer = runActions(call(2), services);
    await new Promise((r) => setTimeout(r, 0));
    gates[1]();
    expect((await newer).ok).toBe(true);
    expect(services.store.get('opts')).toEqual({ type: 2 });
    gates[0]();
    const out = await older;
    expect(out.ok).toBe(false);
    expect(services.store.get('opts')).toEqual({ type: 2 });
    expect(services.store.get('after1')).toBeUndefined();
    expect(services.store.get('failed1')).toBeUndefined();
    expect(services.store.get('after2')).toBe(2);
    expect(rec.apiCalls.map((c) => c.params)).toEqual([{ type: 1 }, { type: 2 }]);
    expect(rec.toasts).toEqual([]);
  });

  it('an older call that fails after a newer one for the same resultTo landed shows no failure toast', async () => {
    const gates: Array<() => void> = [];
    const { services, rec } = createTestServices({
      api: {
        options: async (p: Record<string, unknown>) => {
          await new Promise<void>((r) => gates.push(r));
          // The slow, older call times out on the flaky link; the newer one answers.
          return p.type === 1 ? 'network' : { code: 0, message: 'ok', data: { type: p.type } };
        },
      },
    });
    const call = (type: number) => acts({ action: 'api', endpoint: 'options', params: { type }, resultTo: 'opts' });
    const older = runActions(call(1), services);
    const newer = runActions(call(2), services);
    await new Promise((r) => setTimeout(r, 0));
    gates[1]();
    expect((await newer).ok).toBe(true);
    gates[0]();
    await older;
    expect(services.store.get('opts')).toEqual({ type: 2 });
    expect(rec.toasts).toEqual([]);
    // The same failure on its own is the borrower's to see.
    const alone = runActions(call(1), services);
    await new Promise((r) => setTimeout(r, 0));
    gates[2]();
    await alone;
    expect(rec.toasts.map((t) => t.message)).toEqual(['error']);
  });

  it('calls into different state, or one after another, each land', async () => {
    const { services } = createTestServices({
      api: { options: async (p: Record<string, unknown>) => ({ code: 0, message: 'ok', data: p.type }) },
    });
    await Promise.all([
      runActions(acts({ action: 'api', endpoint: 'options', params: { type: 1 }, resultTo: 'a' }), services),
      runActions(acts({ action: 'api', endpoint: 'options', params: { type: 2 }, resultTo: 'b' }), services),
    ]);
    await runActions(acts({ action: 'api', endpoint: 'options', params: { type: 3 }, resultTo: 'a' }), services);
    expect([services.store.get('a'), services.store.get('b')]).toEqual([3, 2]);
  });
});
