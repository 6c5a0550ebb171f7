import type { Handler } from '../runtime/contract';

/** Field rules of a form; the first message is shown (2 s, an app toast) and the list stops. */
export const validate: Handler<'validate'> = async (action, { runtime }) => {
  const messages = runtime.forms.validate(action.form);
  if (!messages.length) return { ok: true };
  runtime.toast(messages[0], 2000);
  return { ok: false, error: { message: messages[0] } };
};
