import type { Handler } from '../runtime/contract';

export const openModal: Handler<'openModal'> = async (action, { runtime }) => {
  runtime.setState(`$modals.${action.id}`, true);
  return { ok: true };
};
