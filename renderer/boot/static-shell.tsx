/**
 * The screen's shell: the beginning of its drawn markup that reads no screen state, so it is the same whatever the
 * first call answers. A streamed page (config-server/pages/stream-page.ts) sends it with the head, before the call is
 * even sent, and the rest of the same drawing follows once the answer is in: the page is still one document, drawn
 * in reading order, that the app hydrates as one root.
 *
 * How the end of the shell is found, with no knowledge of any widget: React writes markup in the order it draws,
 * depth first. A first drawing, without data, watches the state (every read of the store, and of the state object
 * the expressions see) and counts the widgets as each starts drawing: the widget that was drawing when the state was
 * first read, or whose `when` read it, starts where the shell must end. Everything written before that widget started
 * was decided before any state was read, so it is the same in the drawing with data. A second drawing puts a marker
 * in that widget's place; the markup before the marker is the shell. Widgets after the cut draw nothing in either
 * drawing, so both cost about what the shell itself does.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { getPath, type StateStore } from '../core/runtime/state-store';
import type { WidgetRegistry } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import { registry } from '../nodes/registry';
import { LoadingIndicator } from '../api/LoadingIndicator';
import { ToastRegion } from '../toast/ToastRegion';
import { loadingText, noToasts, staticServices, type StaticRenderInput } from './static-services';

export interface StaticShell {
  /** Resource hints React wrote ahead of the shell's markup (image preloads), for the page's head or body start. */
  hints: string;
  /** The shell's markup: a prefix of the root's markup in every drawing of the screen, whatever its state. */
  html: string;
  /**
   * The page query params the shell's drawing looked at before it ended ('all': it walked the whole query). A query
   * that agrees on each of them draws the same shell, so the server keeps it for every such page (not per borrower).
   */
  queryReads: readonly string[] | 'all';
}

/** The marker put where the shell ends: an element no widget draws. */
const MARKER = 'sdui-shell-end';
/** React's hoisted hints at the start of a drawing (as the page router reads them off a whole drawing). */
const HINTS = /^(?:<link [^>]*\/>)+/;
/** A screen reading the clock (`now()`) draws differently from one moment to the next: it has no shell. */
const READS_CLOCK = /\bnow\(/;

/**
 * The shell of `input`'s screen, drawn with its state before any data (`input.state`, else the document's). Undefined
 * when the screen reads the clock or the drawing fails (the page then streams its head alone). Widgets must be
 * loaded (`prepareStaticRender`), as for any drawing on the server.
 */
export function renderStaticShell(input: StaticRenderInput): StaticShell | undefined {
  if (READS_CLOCK.test(JSON.stringify(input.doc.body ?? null))) return undefined;
  try {
    const first = draw(input);
    if (first.readAt === undefined) return split(first.html, first.html.length, first.queryReads);
    if (first.readAt === 0) return split(first.html, -1, first.queryReads);
    const marked = draw(input, first.readAt);
    const at = marked.html.indexOf(`<${MARKER}>`);
    return at < 0 ? undefined : split(marked.html, at, union(first.queryReads, marked.queryReads));
  } catch (e) {
    input.logError(`screen ${input.doc.id}: its shell could not be drawn`, e);
    return undefined;
  }
}

/** The hints and the markup up to `end` (-1: none of it). */
function split(html: string, end: number, queryReads: StaticShell['queryReads']): StaticShell {
  const hints = HINTS.exec(html)?.[0] ?? '';
  return { hints, html: end < 0 ? '' : html.slice(hints.length, end), queryReads };
}

const union = (a: StaticShell['queryReads'], b: StaticShell['queryReads']) =>
  a === 'all' || b === 'all' ? 'all' : [...new Set([...a, ...b])];

/**
 * One drawing without data. `cutAt` unset: notes `readAt`, the count of widgets started when the state was first read
 * (0: before any). `cutAt` set: the widget started `cutAt`-th draws the marker instead. Either way it notes the query
 * params looked at before the widget where the shell ends started: what the shell, and where it ends, depend on
 * (a look from that widget on decides only what comes after the shell).
 */
function draw(
  input: StaticRenderInput,
  cutAt?: number,
): { html: string; readAt?: number; queryReads: StaticShell['queryReads'] } {
  let started = 0;
  let readAt: number | undefined;
  const read = () => void (readAt ??= started);
  /** Each look at the query, with the count of widgets started when it was made ('*': the whole query). */
  const looks: [string, number][] = [];
  const look = (k: string | symbol) => void (typeof k === 'string' && looks.push([k, started]));
  const query = new Proxy(input.query, {
    get: (t, k, r) => (look(k), Reflect.get(t, k, r)),
    has: (t, k) => (look(k), Reflect.has(t, k)),
    getOwnPropertyDescriptor: (t, k) => (look(k), Reflect.getOwnPropertyDescriptor(t, k)),
    ownKeys: (t) => (looks.push(['*', started]), Reflect.ownKeys(t)),
  });
  const raw = (input.state ?? input.doc.state ?? {}) as Record<string, unknown>;
  // The state as expressions see it (`state.a.b`): any look at it counts as a read.
  const watched = new Proxy(raw, {
    get: (t, k, r) => (read(), Reflect.get(t, k, r)),
    has: (t, k) => (read(), Reflect.has(t, k)),
    ownKeys: (t) => (read(), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => (read(), Reflect.getOwnPropertyDescriptor(t, k)),
  });
  const store: StateStore = {
    getSnapshot: () => watched,
    subscribe: () => () => {},
    get: (path) => (read(), getPath(raw, path)),
    // A write during drawing changes what later widgets read: the shell ends there too.
    set: read,
  };
  const widgets = Object.fromEntries(
    Object.entries(registry).map(([type, widget]) => {
      const As = ((widget as { loaded?: () => unknown }).loaded?.() ?? widget) as ComponentType<object>;
      const Watched = (props: object) => {
        started += 1;
        if (cutAt !== undefined)
          return started === cutAt ? createElement(MARKER) : started > cutAt ? null : createElement(As, props);
        return readAt === undefined ? createElement(As, props) : null;
      };
      return [type, Watched];
    }),
  ) as unknown as WidgetRegistry;
  const controller = new AbortController();
  const services = staticServices({ ...input, query }, store, controller.signal, widgets);
  const html = renderToString(
    <>
      <RuntimeProvider services={services}>{nodeElements(input.doc.body)}</RuntimeProvider>
      <LoadingIndicator text={loadingText(input.texts)} />
      <ToastRegion store={noToasts} />
    </>,
  );
  controller.abort();
  const end = cutAt ?? readAt ?? Infinity;
  const before = looks.filter(([, at]) => at < end).map(([k]) => k);
  return { html, readAt, queryReads: before.includes('*') ? 'all' : [...new Set(before)] };
}
