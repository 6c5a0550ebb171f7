import { useEffect, useMemo, useState } from 'react';
import type { ScreenDocument } from '../../schemas/generated/types';
import { createForms } from '../core/runtime/forms';
import { registry } from '../nodes/registry';
import { nodeElements } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import { runActions } from '../core/actions/run-actions';
import { translate } from '../core/runtime/create-runtime';
import type { RuntimeServices } from '../core/runtime/services';
import { browserSameOriginEmbeds } from '../runtime/same-origin-embeds';
import { createStateStore } from '../core/runtime/state-store';
import { toastStore } from '../toast/toast-store';
import { logError } from './log-error';
import { claiming, type ClaimTable } from '../core/first-calls/claim-table';
import { firstScreenShown } from './after-first-screen';
import { note } from '../telemetry/telemetry-inbox';
import { watchScreen } from './live/screen-trouble';
import { browserDevice } from '../runtime/browser-device';

/** What a screen is built from: the document plus the session's services (the rest is made per mount). */
export type ScreenHostProps = Pick<
  RuntimeServices,
  'texts' | 'market' | 'query' | 'params' | 'commonQueryNames' | 'hashRouting' | 'api' | 'bridge' | 'navigate'
> & {
  doc: ScreenDocument;
  /** The first screen's calls already under way or answered (by the server, the page or boot); onLoad claims them. */
  claims?: ClaimTable;
  /** The state the server drew this screen with (hydration needs the same); the first mount takes it. */
  serverState?: { value?: Record<string, unknown> };
};

let firstScreenMarked = false;

/** One mounted screen: its own state, forms and lifetime (timers die with it); runs `onLoad` once. */
export function ScreenHost(props: ScreenHostProps) {
  const { doc } = props;
  const { services, controller, trouble } = useMemo(() => {
    const controller = new AbortController();
    // Whether this screen is failing (a live change then replaces it at once: live/screen-trouble.ts).
    const trouble = watchScreen(doc.id);
    const api = props.claims ? claiming(props.api, props.claims) : props.api;
    const drawn = props.serverState?.value;
    if (props.serverState) props.serverState.value = undefined;
    const services: RuntimeServices = {
      store: drawn ? createStateStore(drawn, true) : createStateStore(doc.state ?? {}),
      texts: props.texts,
      market: props.market,
      query: props.query,
      params: props.params,
      commonQueryNames: props.commonQueryNames,
      hashRouting: props.hashRouting,
      api: {
        ...api,
        call: (endpoint, params, opts) =>
          api.call(endpoint, params, opts).then((r) => (r.ok || trouble.callFailed(), r)),
      },
      bridge: props.bridge,
      forms: createForms(),
      toast: (m, ms) => toastStore.show(m, ms),
      navigate: props.navigate,
      back: () => window.history.back(),
      openExternal: (url, o) => (o?.replace ? window.location.replace(url) : window.location.assign(url)),
      logError: (m, d) => {
        // NodeBoundary's wording (telemetry/classify-log.ts counts the same).
        if (/^node \S+(?: #\S+)? failed to render: /.test(m)) trouble.renderFailed();
        logError(`screen ${doc.id}: ${m}`, d);
      },
      device: browserDevice,
      signal: controller.signal,
      registry,
      sameOriginEmbeds: browserSameOriginEmbeds(),
    };
    return { services, controller, trouble };
    // A screen's services live exactly as long as this mount (the parent keys it by location).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.title = translate(services, doc.title);
  }, [services, doc.title, props.texts]);

  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const claims = props.claims;
    // One page view per mount, noted before onLoad's calls: their failures belong to this screen.
    note({ view: doc.id });
    trouble.show();
    void runActions(doc.onLoad, services).finally(() => {
      // A boot call onLoad did not claim is stale from here on: nothing else may take it later.
      claims?.clear();
      trouble.settle();
      if (!controller.signal.aborted) setLoaded(true);
    });
    return () => {
      controller.abort();
      trouble.end();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, services, controller]);

  // The bench's mark: the first screen with its onLoad data committed to the page (effects run after commit).
  useEffect(() => {
    if (loaded && !firstScreenMarked) {
      firstScreenMarked = true;
      performance.mark('sdui:screen-visible');
      firstScreenShown();
    }
  }, [loaded]);

  // Same element while `loaded` flips, so React skips the whole tree on that render.
  return useMemo(
    () => <RuntimeProvider services={services}>{nodeElements(doc.body)}</RuntimeProvider>,
    [services, doc.body],
  );
}
