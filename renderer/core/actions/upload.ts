import type { Handler } from '../runtime/contract';

export const upload: Handler<'upload'> = async (action, { runtime, signal }) => {
  const file = runtime.resolve(action.file);
  if (!(file instanceof Blob)) {
    runtime.logError(`upload: "${action.file}" did not yield a file`);
    return { ok: false, error: { message: 'no file' } };
  }
  const params = runtime.resolve<Record<string, unknown>>(action.params ?? {});
  const res = await runtime.api.upload(action.endpoint, action.field, file, params);
  if (signal.aborted) return { ok: false, error: { message: 'screen closed' } };
  if (!res.ok) return { ok: false, error: { code: res.code, message: res.message } };
  if (action.resultTo) runtime.setState(action.resultTo, res.data);
  return { ok: true, result: res.data };
};
