import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstScreenShown, resetFirstScreen } from './after-first-screen';

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetFirstScreen();
  });
  afterEach(() => vi.useRealTimers());

  it('holds bookkeeping until the first screen has shown its data', () => {
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
    firstScreenShown();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it anyway when no screen ever shows (so the last good copy is still stored)', () => {
    const task = vi.fn();
    afterFirstScreen(task);
    vi.advanceTimersByTime(4000);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs later tasks without waiting once the first screen was shown, and one failing task does not stop the next', () => {
    firstScreenShown();
    const next = vi.fn();
    afterFirstScreen(() => {
      throw new Error('boom');
    });
    afterFirstScreen(next);
    vi.runAllTimers();
    expect(next).toHaveBeenCalledTimes(1);
  });
});
