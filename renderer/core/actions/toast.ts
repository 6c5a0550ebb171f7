import type { Handler } from '../runtime/contract';

/** Copy by text key (args resolved as templates) or a message from data, e.g. `{{ error.message }}`. */
export const toast: Handler<'toast'> = async (action, { runtime }) => {
  const message = action.key ? runtime.t(action.key) : String(runtime.resolve(action.message ?? '') ?? '');
  if (message)
    runtime.toast(message, action.durationMs === undefined ? undefined : runtime.limit(action.durationMs, 0));
  return { ok: true };
};
