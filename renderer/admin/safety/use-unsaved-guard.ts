/**
 * Leaving with unsaved edits asks first. An editor calls `useUnsavedGuard(dirty)`; then
 * - closing or reloading the browser tab shows the browser's own "leave site?" prompt, and
 * - the console's own navigation (switching section or document) calls `confirmLeave()` first,
 *   which asks once for every guarded editor and answers whether to go on.
 * One module-level registry, so the shell needs no knowledge of which editor is open.
 */
import { useEffect, useId } from 'react';

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave and lose them?';

const dirtyGuards = new Map<string, string>();

export function hasUnsavedChanges(): boolean {
  return dirtyGuards.size > 0;
}

/**
 * For the console's navigation: true when nothing is unsaved or the editor agrees to drop it.
 * `ask` is the question (window.confirm by default; tests pass their own).
 */
export function confirmLeave(ask: (message: string) => boolean = (m) => window.confirm(m)): boolean {
  if (!dirtyGuards.size) return true;
  const what = [...new Set(dirtyGuards.values())].filter(Boolean);
  const ok = ask(what.length ? `${LEAVE_MESSAGE}\n\nUnsaved: ${what.join(', ')}` : LEAVE_MESSAGE);
  // Agreed to leave: the editors being left will unmount, but do not keep asking meanwhile.
  if (ok) dirtyGuards.clear();
  return ok;
}

function onBeforeUnload(e: BeforeUnloadEvent) {
  if (!dirtyGuards.size) return;
  e.preventDefault();
  // Older browsers need returnValue set to show the prompt.
  e.returnValue = '';
}

/** Guards the calling editor while `dirty`; `what` names it in the question (e.g. "screen complain-new-page"). */
export function useUnsavedGuard(dirty: boolean, what = ''): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyGuards.set(id, what);
    if (dirtyGuards.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyGuards.delete(id);
      if (!dirtyGuards.size) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, what, id]);
}
