/**
 * The app's half of early input, the part that runs before hydration: stop the page's capture script
 * (capture-script.ts) immediately before `hydrateRoot` and take what it recorded. From there React 19 replays
 * discrete events itself, so nothing is recorded by both. Without the script (or after it failed) there is nothing
 * to take. Kept apart from the replay (replay-early-input.ts), which loads only when there is something to replay.
 */
import { CAPTURE_GLOBAL, type CaptureHandle, type EarlyEvent, type NodePath } from './capture-handle';

export interface EarlyInput {
  events: EarlyEvent[];
  /** Buttons the script marked busy; the mark goes when their tap is replayed (or dropped). */
  marked: Element[];
  /** Set by `holdFields` at the first hydration commit. */
  fields?: HeldFields;
}

/** Recorded text fields as they were at the first hydration commit, and what the borrower did to them since. */
export interface HeldFields {
  /** Value, and caret where the field has focus, of each field with recorded typing. */
  at: Map<Element, { value: string; selection?: [number | null, number | null] }>;
  /** Fields typed into since: React had their whole text then (its tracker started from it), so no replay. */
  touched: Set<EventTarget>;
  /** Stops watching (the replay is done). */
  release(): void;
}

const isHandle = (v: unknown): v is CaptureHandle =>
  !!v &&
  typeof (v as CaptureHandle).stop === 'function' &&
  Array.isArray((v as CaptureHandle).q) &&
  Array.isArray((v as CaptureHandle).b);

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

/** The node at a recorded address under `root`, if there still is one. */
export function nodeAt(root: Element, path: NodePath): Element | null {
  let el: Element | null = root;
  for (const i of path) el = el?.children[i] ?? null;
  return el;
}

/**
 * At the first hydration commit, before anything else renders: the recorded fields' text (typed up to now, while
 * hydrating too) and caret, and from now on which of them the borrower types into. The replay loads later
 * (replay-early-input.ts); by then a re-render may have reset a field, or the borrower typed on.
 */
export function holdFields(root: Element, input: EarlyInput): void {
  const at: HeldFields['at'] = new Map();
  for (const e of input.events) {
    const el = e.t === 'i' ? nodeAt(root, e.p) : null;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) continue;
    const focused = el.ownerDocument.activeElement === el;
    at.set(el, { value: el.value, selection: focused ? [el.selectionStart, el.selectionEnd] : undefined });
  }
  const touched = new Set<EventTarget>();
  // Only the borrower's own typing (trusted events), not the replay's.
  const watch = (e: Event) => void (e.isTrusted && e.target && touched.add(e.target));
  root.addEventListener('input', watch, true);
  input.fields = { at, touched, release: () => root.removeEventListener('input', watch, true) };
}
