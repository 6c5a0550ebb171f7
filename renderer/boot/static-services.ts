/**
 * What a screen drawn on the server runs with: the app's own services, with everything that would reach out of the
 * drawing (calls, the bridge, toasts, navigation, the device) inert by design: a drawing never acts. Shared by the whole drawing
 * (`render-static.tsx`) and the drawing of its shell (`static-shell.tsx`), so the two draw the same markup.
 */
import type { ScreenInput } from '../core/screen/screen-input';
import type { ApiClient, Bridge, WidgetRegistry } from '../runtime/contract';
import { createForms } from '../core/runtime/forms';
import type { RuntimeServices } from '../core/runtime/services';
import type { SameOriginEmbeds } from '../runtime/same-origin-embeds';
import type { StateStore } from '../core/runtime/state-store';
import type { ToastStore } from '../toast/toast-store';
import { noDevice } from '../core/runtime/device';
import { registry } from '../nodes/registry';

/** What drawing takes from the screen (core/screen/screen-input.ts): no API map, as a drawn screen never calls out. */
export type StaticRenderInput = Pick<
  ScreenInput,
  'doc' | 'texts' | 'market' | 'query' | 'commonQueryNames' | 'state' | 'logError'
> & {
  /** Pages of the borrower's origin that may be embedded (the sandbox's, while the server runs it), as the app has. */
  sameOriginEmbeds?: SameOriginEmbeds;
};

/** A static screen never calls out while rendering; anything that tries is a document bug, logged. */
const refuse = (logError: StaticRenderInput['logError']): ApiClient => ({
  call: async (endpoint) => {
    logError(`static screen called endpoint "${endpoint}" while rendering on the server`);
    return { ok: false, code: undefined, message: 'error', data: undefined };
  },
  upload: async (endpoint) => ({
    ok: false,
    code: undefined,
    message: `no uploads on the server (${endpoint})`,
    data: undefined,
  }),
  url: () => '',
});
const noBridge: Bridge = { send: () => {} };
/** The server never shows a toast: the region is drawn empty, as the app's first render draws it. */
export const noToasts: ToastStore = { subscribe: () => () => {}, getSnapshot: () => null } as unknown as ToastStore;

/** The drawing's services around `store`; `widgets` replaces the registry (the shell's drawing watches each node). */
export function staticServices(
  input: StaticRenderInput,
  store: StateStore,
  signal: AbortSignal,
  widgets: WidgetRegistry = registry,
): RuntimeServices {
  return {
    store,
    texts: input.texts,
    market: input.market,
    query: input.query,
    params: {},
    commonQueryNames: input.commonQueryNames,
    hashRouting: false,
    api: refuse(input.logError),
    bridge: noBridge,
    forms: createForms(),
    toast: () => {},
    navigate: () => {},
    back: () => {},
    openExternal: () => {},
    logError: (m, d) => input.logError(`screen ${input.doc.id}: ${m}`, d),
    device: noDevice,
    signal,
    registry: widgets,
    sameOriginEmbeds: input.sameOriginEmbeds,
  };
}

/** The loading region's text, as the app's root draws it. */
export const loadingText = (texts: StaticRenderInput['texts']) =>
  typeof texts['common.loading'] === 'string' ? texts['common.loading'] : 'loading...';
