import type { Handler } from '../runtime/contract';

export const sequence: Handler<'sequence'> = (action, { runtime }) => runtime.run(action.actions);
