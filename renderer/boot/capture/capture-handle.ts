/**
 * What the page's capture script (capture-script.ts) leaves on `window` for the app: the events a borrower made on
 * the drawn page before the app ran, and how to stop recording. The script is plain inlined JavaScript, so this
 * shape is the contract between the two; replay-early-input.test.tsx runs the script and reads it through these types.
 */
export const CAPTURE_GLOBAL = '__sduiCapture';

/** A node's address: child indexes (element children only) from the root element down. */
export type NodePath = number[];

/**
 * One recorded event. `c` a tap; `i` typed text (`v` the field's value then); `t` a checkbox or radio changed by a
 * tap (`c` its checked state before it); `s` a select's new value `v`; `f` a form submitted without a tap on one of its
 * buttons (Enter in a form without one).
 */
export type EarlyEvent =
  | { t: 'c'; p: NodePath }
  | { t: 'i'; p: NodePath; v: string }
  | { t: 't'; p: NodePath; c: boolean }
  | { t: 's'; p: NodePath; v: string }
  | { t: 'f'; p: NodePath };

export interface CaptureHandle {
  /** The recorded events, oldest first. */
  q: EarlyEvent[];
  /** Buttons marked busy (`aria-busy="true"`) by a tap, in the order of the taps. */
  b: Element[];
  /** Removes the script's listeners (React's own take over) and returns the queue. */
  stop(): EarlyEvent[];
}
