import type { Handler } from '../runtime/contract';

export const setState: Handler<'setState'> = async (action, { runtime }) => {
  const value = action.value === undefined ? null : runtime.resolve(action.value);
  runtime.setState(action.path, value);
  return { ok: true, result: value };
};
