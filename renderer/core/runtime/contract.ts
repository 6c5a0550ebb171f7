/**
 * The contract between the runtime (boot, state, expressions, actions, API, bridge, toast)
 * and the widgets, without React: widgets read it through ../../runtime/contract.ts, which adds the widget types; they
 * never import a handler, the API client or the bridge directly. Schema types come from
 * schemas/generated/types (never re-declared here).
 */
import type { Action, Node } from '../../../schemas/generated/types';
import type { ApiClient, ApiResult, CallOptions } from '../api/api-result';
import type { Device, ScreenStorage } from './device';
import type { SameOriginEmbeds } from './same-origin-embeds';

// The server reads answers too (core/api); named here as well so widgets keep one place to import from.
export type { ApiClient, ApiResult, CallOptions };

export type NodeType = Node['type'];
export type NodeOf<T extends NodeType> = Extract<Node, { type: T }>;
export type ActionType = Action['action'];
export type ActionOf<A extends ActionType> = Extract<Action, { action: A }>;

/** What an expression or template can see. */
export interface Scope {
  /** Screen state: initial `state` of the screen document, written by setState and bound fields. */
  state: Record<string, unknown>;
  /** Page URL query, common params included. */
  query: Record<string, string>;
  /** Route params. */
  params: Record<string, string>;
  /** The market document of the session (currency, ranges, phone, ...). */
  market: Record<string, unknown>;
  /** Current list item and its index inside a list template. */
  item?: unknown;
  index?: number;
  /** Result of the previous action in a sequence (for `api`: the response `data`). */
  result?: unknown;
  /** Failure seen by `onError` actions: the server's code and message. */
  error?: { code?: unknown; message?: string };
  [name: string]: unknown;
}

export interface Bridge {
  /** Sends a native message by its logical name from the bridge map. */
  send(name: string, payload?: Record<string, unknown>): void;
  /** Whether the native shell itself handles the message (not a browser fallback); absent: never. */
  provides?(name: string): boolean;
}

export interface ActionOutcome {
  ok: boolean;
  result?: unknown;
  error?: { code?: unknown; message?: string };
  /** The step's answer is no longer wanted (a newer call writes the same state): the list stops, onError unrun. */
  stale?: boolean;
}

/** A field inside a form; `validate` returns the message to show, or null when valid. */
export interface FormField {
  name: string;
  validate(): string | null;
}

export interface Forms {
  register(formId: string, field: FormField): () => void;
  /** Messages of every invalid field, in registration order. */
  validate(formId: string): string[];
}

export interface Runtime {
  scope: Scope;
  /** Evaluates an expression; failures log a warning and give undefined. Never throws. */
  evaluate(expr: string, extra?: Partial<Scope>): unknown;
  /** Deep-resolves `{{ }}` templates inside strings, arrays and objects. */
  resolve<T = unknown>(value: unknown, extra?: Partial<Scope>): T;
  /**
   * A limit-bearing prop (common/limit.json): a number or a `{{ market.limits.* }}` binding, resolved to a finite
   * number; anything else gives `fallback` and logs, so a bad market edit degrades to the default, never to NaN.
   */
  limit(value: unknown, fallback: number): number;
  /** Copy from the active text set with {name} arguments; a missing key shows the key itself and logs. */
  t(key: string, args?: Record<string, unknown>): string;
  /** Reads a dotted state path, e.g. `form.detail`. */
  get(path: string): unknown;
  /** Writes a dotted state path and re-renders the screen. */
  setState(path: string, value: unknown): void;
  /** Runs a list of actions in order; a failing action stops the list. */
  run(actions: Action[] | undefined, extra?: Partial<Scope>): Promise<ActionOutcome>;
  /** Link target for a route with common params carried. */
  href(route: string, query?: Record<string, unknown>): string;
  toast(message: string, durationMs?: number): void;
  api: ApiClient;
  bridge: Bridge;
  forms: Forms;
  /** Logs a problem of a document or widget (dev console + test hooks); never shown to borrowers. */
  logError(message: string, detail?: unknown): void;
  /** Pages of the page's own origin that may be embedded besides the market's `embedOrigins` (the sandbox's). */
  sameOriginEmbeds?: SameOriginEmbeds;
}

/** What one action handler gets: the runtime with the current scope (previous `result` included) and the screen's lifetime. */
export interface ActionContext {
  runtime: Runtime;
  /** Aborted when the screen unmounts: timers and late results must stop. */
  signal: AbortSignal;
  /** Page-level effects that are not part of a widget's Runtime. `false`: refused (offline, a screen not kept). */
  navigate(to: string, opts?: { replace?: boolean }): void | false;
  back(): void;
  /** Leaves the app for an absolute URL (or replaces the location with it). */
  openExternal(url: string, opts?: { replace?: boolean }): void;
  storage: ScreenStorage;
  /** The page's browser (cookies, clipboard, windows); the server's onLoad run has none. */
  device: Device;
}

/** One file per action type: `(action, ctx) => outcome`. A handler never throws on purpose; the runner catches anyway. */
export type Handler<A extends ActionType> = (action: ActionOf<A>, ctx: ActionContext) => Promise<ActionOutcome>;
export type HandlerRegistry = { [A in ActionType]: Handler<A> };
