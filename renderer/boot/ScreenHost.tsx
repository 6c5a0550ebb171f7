import { useEffect, useMemo } from 'react';
import type { ScreenDocument } from '../../schemas/generated/types';
import type { ApiClient, Bridge } from '../runtime/contract';
import { createForms } from '../runtime/forms';
import { RenderNodes } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import { runActions } from '../actions/run-actions';
import { translate } from '../runtime/create-runtime';
import type { RuntimeServices } from '../runtime/services';
import { createStateStore } from '../runtime/state-store';
import { toastStore } from '../toast/toast-store';
import { logError } from './log-error';

export interface ScreenHostProps {
  doc: ScreenDocument;
  texts: Record<string, string>;
  market: Record<string, unknown>;
  query: Record<string, string>;
  params: Record<string, string>;
  commonQueryNames: string[];
  hashRouting: boolean;
  api: ApiClient;
  bridge: Bridge;
  navigate(to: string, opts?: { replace?: boolean }): void;
}

let firstScreenMarked = false;

/** One mounted screen: its own state, forms and lifetime (timers die with it); runs `onLoad` once. */
export function ScreenHost(props: ScreenHostProps) {
  const { doc } = props;
  const { services, controller } = useMemo(() => {
    const controller = new AbortController();
    const services: RuntimeServices = {
      store: createStateStore(doc.state ?? {}),
      texts: props.texts,
      market: props.market,
      query: props.query,
      params: props.params,
      commonQueryNames: props.commonQueryNames,
      hashRouting: props.hashRouting,
      api: props.api,
      bridge: props.bridge,
      forms: createForms(),
      toast: (m, ms) => toastStore.show(m, ms),
      navigate: props.navigate,
      back: () => window.history.back(),
      openExternal: (url, o) => (o?.replace ? window.location.replace(url) : window.location.assign(url)),
      logError: (m, d) => logError(`screen ${doc.id}: ${m}`, d),
      signal: controller.signal,
    };
    return { services, controller };
    // A screen's services live exactly as long as this mount (the parent keys it by location).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.title = translate(services, doc.title);
  }, [services, doc.title, props.texts]);

  useEffect(() => {
    if (!firstScreenMarked) {
      firstScreenMarked = true;
      performance.mark('sdui:screen-visible');
    }
    void runActions(doc.onLoad, services);
    return () => controller.abort();
  }, [doc, services, controller]);

  return (
    <RuntimeProvider services={services}>
      <RenderNodes nodes={doc.body} />
    </RuntimeProvider>
  );
}
