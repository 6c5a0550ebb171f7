import type { Handler } from '../runtime/contract';

export const storage: Handler<'storage'> = async (action, { runtime, storage: store }) => {
  if (action.op === 'clear') {
    store.clear();
    return { ok: true };
  }
  if (!action.key) {
    runtime.logError(`storage ${action.op}: missing key`);
    return { ok: false, error: { message: 'missing key' } };
  }
  if (action.op === 'remove') store.removeItem(action.key);
  else {
    const v = runtime.resolve(action.value ?? null);
    store.setItem(action.key, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return { ok: true };
};
