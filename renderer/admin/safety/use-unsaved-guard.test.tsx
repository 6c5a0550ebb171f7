import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmLeave, hasUnsavedChanges, useUnsavedGuard } from './use-unsaved-guard';

function Editor({ dirty, what }: { dirty: boolean; what?: string }) {
  useUnsavedGuard(dirty, what);
  return null;
}

afterEach(cleanup);

describe('useUnsavedGuard', () => {
  it('lets the console leave freely when nothing is unsaved', () => {
    render(<Editor dirty={false} />);
    const ask = vi.fn((_message: string) => false);
    expect(confirmLeave(ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks before leaving unsaved edits, naming them, and stays when told so', () => {
    render(<Editor dirty what="screen home" />);
    const ask = vi.fn((_message: string) => false);
    expect(confirmLeave(ask)).toBe(false);
    expect(ask.mock.calls[0][0]).toMatch(/unsaved changes[\s\S]*screen home/);
    expect(hasUnsavedChanges()).toBe(true);
  });

  it('stops asking once the editor agreed to leave, or once the edits are saved', () => {
    const { rerender } = render(<Editor dirty what="a" />);
    expect(confirmLeave(() => true)).toBe(true);
    expect(hasUnsavedChanges()).toBe(false);
    rerender(<Editor dirty={false} what="a" />);
    rerender(<Editor dirty what="a" />);
    expect(hasUnsavedChanges()).toBe(true);
    rerender(<Editor dirty={false} what="a" />);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('makes the browser ask before unloading while dirty, and only then', () => {
    const { unmount } = render(<Editor dirty />);
    const e = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
    act(() => void window.dispatchEvent(e));
    expect(e.defaultPrevented).toBe(true);
    unmount();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
