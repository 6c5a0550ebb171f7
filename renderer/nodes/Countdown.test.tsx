import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down as mm:ss and runs onEnd once at zero', async () => {
    const r = renderNodes(
      [
        {
          type: 'countdown',
          seconds: '{{ state.left }}',
          key: 'expires',
          onEnd: [{ action: 'toast', message: 'over' }],
        },
      ],
      {
        state: { left: 62 },
        texts: { expires: 'Expires in {time}' },
      },
    );
    expect(screen.getByRole('timer').textContent).toBe('Expires in 01:02');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer').textContent).toBe('Expires in 00:59');
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer').textContent).toBe('Expires in 00:00');
    expect(r.toasts.map((t) => t.message)).toEqual(['over']);
  });
});
