import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Action } from '../../../schemas/generated/types';
import { createTestServices } from '../../runtime/testing/render-nodes';
import { runActions } from './run-actions';

const acts = (...a: unknown[]) => a as Action[];

describe('copy action', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the resolved text to the clipboard, then the list goes on', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { services, rec } = createTestServices({
      state: { va: { vcode: '8808001003' } },
    });
    const out = await runActions(
      acts({ action: 'copy', text: '{{ state.va.vcode }}' }, { action: 'toast', message: 'copied' }),
      services,
    );
    expect(out.ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('8808001003');
    expect(rec.toasts).toEqual([{ message: 'copied', durationMs: undefined }]);
  });

  it('an empty text copies nothing, logs, and stops the list', async () => {
    const writeText = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { services, rec } = createTestServices({ state: {} });
    const out = await runActions(
      acts({ action: 'copy', text: '{{ state.va.vcode }}' }, { action: 'toast', message: 'copied' }),
      services,
    );
    expect(out.ok).toBe(false);
    expect(writeText).not.toHaveBeenCalled();
    expect(rec.toasts).toEqual([]);
    expect(rec.logs.map((l) => l.message).join('\n')).toMatch(/copy: the text is empty/);
  });

  it('falls back to a selected textarea when the clipboard API refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    const exec = vi.fn().mockReturnValue(true);
    document.execCommand = exec;
    const { services } = createTestServices({ state: { code: 'ABC' } });
    const out = await runActions(acts({ action: 'copy', text: '{{ state.code }}' }), services);
    expect(out.ok).toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
