import type { Handler } from '../runtime/contract';
import { toastLimitsOf } from '../market/market-reads';

/** Field rules of a form; the first message is shown (an app toast: the market's appToastMs) and the list stops. */
export const validate: Handler<'validate'> = async (action, { runtime }) => {
  const messages = runtime.forms.validate(action.form);
  if (!messages.length) return { ok: true };
  runtime.toast(messages[0], toastLimitsOf(runtime.scope.market).appMs);
  return { ok: false, error: { message: messages[0] } };
};
