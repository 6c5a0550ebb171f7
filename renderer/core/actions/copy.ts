import type { Handler } from '../runtime/contract';

/** Puts the text on the clipboard through the device (renderer/runtime/clipboard.ts: the old way where needed). */
export const copy: Handler<'copy'> = async (action, { runtime, device }) => {
  const text = String(runtime.resolve(action.text) ?? '');
  if (!text) {
    runtime.logError('copy: the text is empty');
    return { ok: false, error: { message: 'nothing to copy' } };
  }
  if (await device.copyText(text)) return { ok: true, result: text };
  runtime.logError('copy: the clipboard refused the text');
  return { ok: false, error: { message: 'copy failed' } };
};
