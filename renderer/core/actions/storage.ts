import type { Handler } from '../runtime/contract';

export const storage: Handler<'storage'> = async (action, { runtime, storage: store, device }) => {
  if (action.op === 'clear') {
    store.clear();
    return { ok: true };
  }
  if (!action.key) {
    runtime.logError(`storage ${action.op}: missing key`);
    return { ok: false, error: { message: 'missing key' } };
  }
  const value = () => {
    const v = runtime.resolve(action.value ?? null);
    return typeof v === 'string' ? v : JSON.stringify(v);
  };
  if (action.in === 'cookie') {
    if (action.op === 'remove') device.writeCookie(action.key, null);
    else
      device.writeCookie(
        action.key,
        value(),
        action.expiresYear === undefined ? undefined : runtime.limit(action.expiresYear, new Date().getUTCFullYear()),
      );
    return { ok: true };
  }
  if (action.op === 'remove') store.removeItem(action.key);
  else store.setItem(action.key, value());
  return { ok: true };
};
