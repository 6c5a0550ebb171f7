/**
 * The clipboard as the `copy` step uses it (browser-device.ts): a chunk of its own, not part of the first load, warmed
 * once the first screen shows (boot/App.tsx).
 */

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

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or no secure context: try the old way below.
  }
  return legacyCopy(text);
}
