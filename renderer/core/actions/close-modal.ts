import type { Handler } from '../runtime/contract';

export const closeModal: Handler<'closeModal'> = async (action, { runtime }) => {
  runtime.setState(`$modals.${action.id}`, false);
  return { ok: true };
};
