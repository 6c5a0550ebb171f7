/**
 * The app's half of early input (issue 45): what the borrower did on the drawn page before the app ran, recorded by
 * the page's capture script (capture-script.ts), replayed once hydration has committed, in order, on the same nodes
 * and through React's own handlers, so it has the effect it would have had with the app running. Knows no screen.
 *
 * `takeEarlyInput` stops the recording immediately before `hydrateRoot`: from then on React 19 replays discrete
 * events itself, so nothing is recorded by both. Without the script (or after it failed) there is nothing to take.
 */
import { CAPTURE_GLOBAL, type CaptureHandle, type EarlyEvent, type NodePath } from './capture-handle';

export interface EarlyInput {
  events: EarlyEvent[];
  /** Buttons the script marked busy; the mark goes when their tap is replayed (or dropped). */
  marked: Element[];
}

const isHandle = (v: unknown): v is CaptureHandle =>
  !!v && typeof (v as CaptureHandle).stop === 'function' && Array.isArray((v as CaptureHandle).q) && Array.isArray((v as CaptureHandle).b);

/** Stops the page's recording and takes what it recorded, once: a second call (or no script) gets nothing. */
export function takeEarlyInput(win: Window = window): EarlyInput {
  const slot = win as unknown as Record<string, unknown>;
  const handle = slot[CAPTURE_GLOBAL];
  delete slot[CAPTURE_GLOBAL];
  if (!isHandle(handle)) return { events: [], marked: [] };
  try {
    return { events: handle.stop().slice(), marked: handle.b.slice() };
  } catch {
    return { events: [], marked: [] };
  }
}

/** The app draws the screen afresh instead of hydrating it: the recorded nodes are gone, and so are their marks. */
export function dropEarlyInput(input: EarlyInput): void {
  for (const el of input.marked) el.removeAttribute('aria-busy');
}

const resolve = (root: Element, path: NodePath): Element | null => {
  let el: Element | null = root;
  for (const i of path) el = el?.children[i] ?? null;
  return el;
};

type TextField = HTMLInputElement | HTMLTextAreaElement;
const isTextField = (el: Element | null): el is TextField => el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.type !== 'checkbox' && el.type !== 'radio');

/** The browser's own value setter: React's tracker (installed on the node at hydration) does not see it. */
function setNativeValue(el: TextField | HTMLSelectElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
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
const disabledNow = (el: Element) => !!el.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled="true"]');

/** Lets React render what the previous event changed (a button it now disables, say) before the next one. */
const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Replays the recorded events under `root`, in order, each once. Call after the first hydration commit. Text fields
 * get the value they hold now for their last recorded edit (text typed while the app hydrated included), read before
 * anything else runs: a re-render in between could reset a field not yet replayed.
 */
export async function replayEarlyInput(root: Element, input: EarlyInput, logError: (m: string) => void = () => {}): Promise<void> {
  const { events, marked } = input;
  if (!events.length) return dropEarlyInput(input);
  const doc = root.ownerDocument;
  const lastEdit = new Map<Element, number>();
  const now = new Map<Element, { value: string; selection?: [number | null, number | null] }>();
  events.forEach((e, i) => {
    const el = e.t === 'i' ? resolve(root, e.p) : null;
    if (!isTextField(el)) return;
    lastEdit.set(el, i);
    const focused = doc.activeElement === el;
    now.set(el, { value: el.value, selection: focused ? [el.selectionStart, el.selectionEnd] : undefined });
  });
  const unmarked = new Set<Element>();
  const unmark = (el: Element) => {
    const button = el.closest('button,[role=button]');
    if (button && marked.includes(button) && !unmarked.has(button)) {
      button.removeAttribute('aria-busy');
      unmarked.add(button);
    }
  };
  for (const [i, e] of events.entries()) {
    // Each in a task of its own, outside React's commit (an event dispatched inside it is not rendered at once, so
    // React puts a controlled field back to its old value first and the caret jumps), after React rendered the last.
    await nextTask();
    const el = resolve(root, e.p);
    try {
      if (!el) continue;
      if (e.t === 'i') {
        if (!isTextField(el) || el.disabled || el.readOnly) continue;
        const last = lastEdit.get(el) === i ? now.get(el) : undefined;
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
  // Marks of taps whose node was not found again (React drew that part afresh).
  dropEarlyInput({ events: [], marked: marked.filter((b) => !unmarked.has(b)) });
}
