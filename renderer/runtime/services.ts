import type { ApiMapDocument } from '../../schemas/generated/types';
import type { ApiClient, Bridge, Forms, WidgetRegistry } from './contract';
import type { StateStore } from './state-store';
import type { SameOriginEmbeds } from './same-origin-embeds';

/** Everything a screen's runtime is built from; boot and testing/render-nodes.tsx each assemble one. */
export interface RuntimeServices {
  store: StateStore;
  texts: Record<string, string>;
  market: Record<string, unknown>;
  /** Page URL query, common params included. */
  query: Record<string, string>;
  params: Record<string, string>;
  /** Page query names that are common params and travel with every navigation. */
  commonQueryNames: string[];
  /** Links are `#/path` when the page was opened with a hash route. */
  hashRouting: boolean;
  api: ApiClient;
  bridge: Bridge;
  forms: Forms;
  toast(message: string, durationMs?: number): void;
  navigate(to: string, opts?: { replace?: boolean }): void;
  back(): void;
  openExternal(url: string, opts?: { replace?: boolean }): void;
  logError(message: string, detail?: unknown): void;
  /** Aborted when the screen unmounts. */
  signal: AbortSignal;
  /** Pages of the page's own origin that may be embedded (the sandbox's, while the server runs it); else none. */
  sameOriginEmbeds?: SameOriginEmbeds;
  /** Widget table (nodes/registry.ts; tests may pass their own). Handed in, so widgets that draw children never import it. */
  registry: Partial<WidgetRegistry>;
}

export type CommonParams = ApiMapDocument['commonParams'];

/** Page query names of the common params, from the API map. */
export const commonQueryNames = (params: CommonParams | undefined) => (params ?? []).map((p) => p.query);
