import type { Handler } from '../runtime/contract';
import { startCall } from './latest-call';

/** Calls an endpoint; `data` becomes the result (and `resultTo` in state). Failure toasting is the API layer's job. */
export const api: Handler<'api'> = async (action, ctx) => {
  if (action.detached) {
    // The answer is followed on its own: onSuccess/onError run from here, so the runner must not see them.
    const { onSuccess, onError, detached: _d, ...call } = action;
    void callApi(call, ctx).then((out) => {
      if (out.stale) return;
      const then = out.ok ? onSuccess : onError;
      if (then?.length && !ctx.signal.aborted)
        void ctx.runtime.run(then, out.ok ? { result: out.result } : { error: out.error });
    });
    return { ok: true };
  }
  return callApi(action, ctx);
};

const callApi: Handler<'api'> = async (action, { runtime, signal }) => {
  const params = runtime.resolve<Record<string, unknown>>(action.params ?? {});
  const latest = action.resultTo ? startCall(signal, action.resultTo) : () => true;
  const res = await runtime.api.call(action.endpoint, params, { silent: action.silent, wanted: latest });
  // A response that lands after the screen closed must not write into a dead screen.
  if (signal.aborted) return { ok: false, error: { message: 'screen closed' } };
  if (!latest()) return { ok: false, stale: true, error: { message: 'superseded' } };
  if (!res.ok) return { ok: false, error: { code: res.code, message: res.message } };
  if (action.resultTo) runtime.setState(action.resultTo, res.data);
  return { ok: true, result: res.data };
};
