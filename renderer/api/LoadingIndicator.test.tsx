import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_DELAY_MS, LoadingIndicator } from './LoadingIndicator';
import { pendingCalls } from './pending-calls';

afterEach(() => vi.useRealTimers());

describe('LoadingIndicator', () => {
  it('shows loading... only while a call is slow, and hides it when the call ends', () => {
    vi.useFakeTimers();
    render(<LoadingIndicator text="loading..." />);
    act(() => pendingCalls.begin());
    act(() => void vi.advanceTimersByTime(LOADING_DELAY_MS - 100));
    expect(screen.queryByText('loading...')).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByRole('status').textContent).toBe('loading...');
    act(() => pendingCalls.end());
    expect(screen.queryByText('loading...')).toBeNull();
  });

  it('never flashes for a fast call', () => {
    vi.useFakeTimers();
    render(<LoadingIndicator text="loading..." />);
    act(() => pendingCalls.begin());
    act(() => pendingCalls.end());
    act(() => void vi.advanceTimersByTime(LOADING_DELAY_MS * 2));
    expect(screen.queryByText('loading...')).toBeNull();
  });
});
