/**
 * The messages between the console's canvas (admin/editor/canvas-bridge.ts) and the draft preview frame it holds
 * (start-preview.ts). Both sides are the same origin; each checks the other's origin and window. Types
 * and names only: both sides import this without pulling the other's code.
 */

/** A state of the screen the states menu can put the preview in, at a JSON pointer of the draft. */
export interface PreviewOverride {
  /** `shown`: a node with a `when` (and its ancestors) drawn as if it held; `modal-open`: a modal open at the start;
   * `list-empty`: a list with no items; `call-failed`: an `api` step whose call fails as the network would. */
  state: 'shown' | 'modal-open' | 'list-empty' | 'call-failed';
  pointer: string;
}

/** Parent → frame. */
export type ToFrame =
  /** Draw this document instead of the saved draft (`screen`), or answer the page's template call with it
   * (`landing-template`); `market` is the frame's market, for the record. */
  | { sdui: 'editor-draft'; kind: string; doc: unknown; market?: string }
  | { sdui: 'editor-overrides'; overrides: PreviewOverride[] }
  /** Outline the boxes of this node (null: none). */
  | { sdui: 'editor-selected'; pointer: string | null }
  /** `select`: a click selects the node under it (the page does not see it); otherwise the page is used as usual. */
  | { sdui: 'editor-mode'; select: boolean }
  /** The value of a binding (`{{ … }}` template or bare expression) now, in the scope of the node at `pointer`
   * (a list item's node sees `item`), else of the screen. */
  | { sdui: 'editor-evaluate'; id: number; expr: string; pointer?: string };

/** Frame → parent. */
export type FromFrame =
  /** The frame listens now (after each load): the parent sends what it has. */
  | { sdui: 'editor-ready' }
  /** A node was clicked in select mode. */
  | { sdui: 'editor-select'; pointer: string }
  /** A draft was taken: drawn (`problems` empty) or refused with the schema's problems (the frame shows the error). */
  | { sdui: 'editor-drawn'; kind: string; problems: { pointer: string; message: string }[] }
  | { sdui: 'editor-value'; id: number; ok: boolean; value?: unknown; error?: string };

const TO_FRAME = new Set(['editor-draft', 'editor-overrides', 'editor-selected', 'editor-mode', 'editor-evaluate']);
const FROM_FRAME = new Set(['editor-ready', 'editor-select', 'editor-drawn', 'editor-value']);

const named = (data: unknown, names: Set<string>) =>
  !!data && typeof data === 'object' && names.has((data as { sdui?: unknown }).sdui as string);

export const isToFrame = (data: unknown): data is ToFrame => named(data, TO_FRAME);
export const isFromFrame = (data: unknown): data is FromFrame => named(data, FROM_FRAME);

/** An `api` step whose endpoint starts with this fails in the preview (the frame strips it and fails the call). */
export const FAILED_CALL_PREFIX = 'preview-fails:';
