import type { Handler } from '../runtime/contract';

/** `if` is a reserved word, hence the export name. */
export const ifAction: Handler<'if'> = (action, { runtime }) =>
  runtime.evaluate(action.cond) ? runtime.run(action.then) : runtime.run(action.else ?? []);
