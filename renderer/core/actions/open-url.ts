import type { Handler } from '../runtime/contract';
import { isAllowedUrl } from './url-policy';

/** tel:/mailto: open the dialer or mail client; http(s) opens in this or a new window. */
export const openUrl: Handler<'openUrl'> = async (action, ctx) => {
  const url = String(ctx.runtime.resolve(action.url) ?? '').trim();
  if (!isAllowedUrl(url)) {
    ctx.runtime.logError(`openUrl: refused "${url}" (not tel:, mailto: or http(s))`);
    return { ok: false, error: { message: 'refused URL' } };
  }
  if (action.newWindow && /^https?:/i.test(url)) ctx.device.openWindow(url);
  else ctx.openExternal(url);
  return { ok: true };
};
