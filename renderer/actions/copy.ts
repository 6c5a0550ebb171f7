import type { Handler } from '../runtime/contract';

/** Old webviews lack the async clipboard API (or deny it outside a secure context): a hidden textarea still works there. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export const copy: Handler<'copy'> = async (action, { runtime }) => {
  const text = String(runtime.resolve(action.text) ?? '');
  if (!text) {
    runtime.logError('copy: the text is empty');
    return { ok: false, error: { message: 'nothing to copy' } };
  }
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return { ok: true, result: text };
    }
  } catch {
    // Permission denied or no secure context: try the old way below.
  }
  if (legacyCopy(text)) return { ok: true, result: text };
  runtime.logError('copy: the clipboard refused the text');
  return { ok: false, error: { message: 'copy failed' } };
};
