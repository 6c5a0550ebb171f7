/**
 * The app's half of early input: what the borrower did on the drawn page before the app ran, recorded by
 * the page's capture script (capture-script.ts), replayed once hydration has committed, in order, on the same nodes
 * and through React's own handlers, so it has the effect it would have had with the app running. Knows no screen.
 *
 * The queue comes from `takeEarlyInput` (take-early-input.ts). This module is loaded only when the queue has events.
 */
import { dropEarlyInput, holdFields, nodeAt, type EarlyInput } from './take-early-input';

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (el: Element | null): el is TextField =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio');

/** The browser's own value setter: React's tracker (installed on the node at hydration) does not see it. */
function setNativeValue(el: TextField | HTMLSelectElement, value: string): void {
  const proto =
    el instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : el instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
}

/**
 * Typed text into React's state. Hydration leaves the typed value in the node and makes it the tracker's last value,
 * so an `input` event alone would look like no change: the tracker is first set (through the node's own setter) to
 * something else, then the value by the native setter, then the event React listens to.
 */
function replayText(el: TextField, value: string, selection?: [number | null, number | null]): void {
  el.value = value === '' ? ' ' : '';
  setNativeValue(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  // The borrower may still be typing in it: the caret stays where it was (setting a value moves it to the end).
  if (selection && el.ownerDocument.activeElement === el && el.value === value) {
    try {
      el.setSelectionRange(selection[0], selection[1]);
    } catch {
      // Fields without a selection (number, email) keep the browser's caret.
    }
  }
}

/** A control the app's state disables now ignores the tap, as it would have with the app running. */
const disabledNow = (el: Element) =>
  !!el.closest(
    'button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled="true"]',
  );

/** Lets React render what the previous event changed (a button it now disables, say) before the next one. */
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Replays the recorded events under `root`, in order, each once. Call after the first hydration commit, with the
 * fields held then (`holdFields`; held now if not). A text field's last recorded edit gets the text it held then
 * (typed while the app hydrated included); a field typed into since is left to React, which has its whole text.
 * Keystrokes between two taps are one edit per field (its text at the later one): replaying each would walk the field
 * back through old text while the borrower may be typing in it.
 */
export async function replayEarlyInput(
  root: Element,
  input: EarlyInput,
  logError: (m: string) => void = () => {},
): Promise<void> {
  const { events, marked } = input;
  if (!events.length) return dropEarlyInput(input);
  if (!input.fields) holdFields(root, input);
  const fields = input.fields!;
  const lastEdit = new Map<Element, number>();
  events.forEach((e, i) => {
    const el = e.t === 'i' ? nodeAt(root, e.p) : null;
    if (el) lastEdit.set(el, i);
  });
  const unmarked = new Set<Element>();
  const unmark = (el: Element) => {
    const button = el.closest('button,[role=button]');
    if (button && marked.includes(button) && !unmarked.has(button)) {
      button.removeAttribute('aria-busy');
      unmarked.add(button);
    }
  };
  /** Whether the same field is edited again before the next event of another kind. */
  const editedAgain = (i: number, el: Element) => {
    for (let j = i + 1; j < events.length && events[j].t === 'i'; j++)
      if (nodeAt(root, events[j].p) === el) return true;
    return false;
  };
  for (const [i, e] of events.entries()) {
    // Out of React's commit first (an event dispatched inside it is not rendered at once, so React puts a controlled
    // field back to its old value and the caret jumps); then before every event but an edit, so React has rendered
    // what the last one changed (a button it now disables, say).
    if (i === 0 || e.t !== 'i') await nextTask();
    const el = nodeAt(root, e.p);
    try {
      if (!el) continue;
      if (e.t === 'i') {
        if (!isTextField(el) || el.disabled || el.readOnly || fields.touched.has(el) || editedAgain(i, el)) continue;
        const last = lastEdit.get(el) === i ? fields.at.get(el) : undefined;
        replayText(el, last ? last.value : e.v, last?.selection);
      } else if (e.t === 't') {
        if (!(el instanceof HTMLInputElement) || el.disabled) continue;
        // The state before the tap, through the node's own setter (React's tracker sees it), then the tap itself.
        el.checked = e.c;
        el.click();
      } else if (e.t === 's') {
        if (!(el instanceof HTMLSelectElement) || el.disabled) continue;
        setNativeValue(el, e.v);
        el.dispatchEvent(new Event('change', { bubbles: true }));
      } else if (e.t === 'c') {
        unmark(el);
        if (disabledNow(el)) continue;
        if (el instanceof HTMLElement) el.click();
        else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      } else if (e.t === 'f') {
        if (el instanceof HTMLFormElement) el.requestSubmit();
      }
    } catch (err) {
      // One event that cannot be replayed must not stop the others (nor the app).
      logError(`early input: replaying ${e.t} failed: ${(err as Error)?.message ?? err}`);
    }
  }
  fields.release();
  // Marks of taps whose node was not found again (React drew that part afresh).
  dropEarlyInput({ events: [], marked: marked.filter((b) => !unmarked.has(b)) });
}
