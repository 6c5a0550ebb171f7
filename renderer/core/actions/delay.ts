import type { Handler } from '../runtime/contract';

/** Waits; the screen's AbortSignal clears the timer so nothing runs after the screen closed. */
export const delay: Handler<'delay'> = (action, { signal, runtime }) =>
  new Promise((resolve) => {
    const ms = runtime.limit(action.ms, 0);
    if (signal.aborted) return resolve({ ok: false, error: { message: 'screen closed' } });
    const onAbort = () => {
      clearTimeout(timer);
      resolve({ ok: false, error: { message: 'screen closed' } });
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve({ ok: true });
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
