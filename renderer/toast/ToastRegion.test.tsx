import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastRegion } from './ToastRegion';
import { createToastStore, toastDuration } from './toast-store';

describe('toast', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('durations: app toasts 2 s as given; absent or under 300 ms means 3 s', () => {
    expect(toastDuration(2000)).toBe(2000);
    expect(toastDuration(undefined)).toBe(3000);
    expect(toastDuration(299)).toBe(3000);
    expect(toastDuration(300)).toBe(300);
  });

  it('shows the message in a polite live region and hides it after its duration', () => {
    const store = createToastStore();
    render(<ToastRegion store={store} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => store.show('Order not found', 2000));
    expect(region.textContent).toBe('Order not found');
    act(() => void vi.advanceTimersByTime(1999));
    expect(region.textContent).toBe('Order not found');
    act(() => void vi.advanceTimersByTime(1));
    expect(region.textContent).toBe('');
  });

  it('a short duration shows 3 s; a newer toast replaces the old one and restarts the clock', () => {
    const store = createToastStore();
    render(<ToastRegion store={store} />);
    act(() => store.show('first', 100));
    act(() => void vi.advanceTimersByTime(2500));
    expect(screen.getByRole('status').textContent).toBe('first');
    act(() => store.show('second'));
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status').textContent).toBe('second');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
