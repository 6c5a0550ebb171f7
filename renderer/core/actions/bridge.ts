import type { Handler } from '../runtime/contract';

export const bridge: Handler<'bridge'> = async (action, { runtime }) => {
  runtime.bridge.send(action.message, runtime.resolve<Record<string, unknown>>(action.payload ?? {}));
  return { ok: true };
};
