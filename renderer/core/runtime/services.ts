import type { ApiMapDocument } from '../../../schemas/generated/types';
import type { ApiClient, Bridge, Forms, NodeType } from './contract';
import type { Device } from './device';
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
  /** `false`: the navigation was refused (offline to a screen the phone has not kept) and said so. */
  navigate(to: string, opts?: { replace?: boolean }): void | false;
  back(): void;
  openExternal(url: string, opts?: { replace?: boolean }): void;
  logError(message: string, detail?: unknown): void;
  /** Aborted when the screen unmounts. */
  signal: AbortSignal;
  /** The browser's storage, cookies, clipboard and windows (core/runtime/device.ts). */
  device: Device;
  /**
   * Widget table (nodes/registry.ts; tests may pass their own). Handed in, so widgets that draw children never import
   * it; the core only carries it (its type with React is `WidgetRegistry` in renderer/runtime/contract.ts).
   */
  registry: Partial<Record<NodeType, unknown>>;
  /** Pages of the page's own origin that may be embedded (the sandbox's, while the server runs it); else none. */
  sameOriginEmbeds?: SameOriginEmbeds;
}

export type CommonParams = ApiMapDocument['commonParams'];

/** Page query names of the common params, from the API map. */
export const commonQueryNames = (params: CommonParams | undefined) => (params ?? []).map((p) => p.query);
