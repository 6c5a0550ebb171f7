import { describe, expect, it } from 'vitest';
import { nextTask } from './yield-to-page';

describe('yielding to the page between pieces of boot work', () => {
  it('nextTask resolves in a later task: after the work the current one queued as microtasks, input events too', async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    // An event the page dispatches in between is handled before the next piece of work.
    queueMicrotask(() => window.dispatchEvent(new Event('tap')));
    window.addEventListener('tap', () => order.push('tap'), { once: true });
    await yielded;
    expect(order).toEqual(['microtask', 'tap', 'next task']);
  });
});
