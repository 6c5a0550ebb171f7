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
