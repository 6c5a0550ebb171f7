/**
 * Cuts a Chromium trace of one page load (CDP Tracing) into moments from navigation start and main-thread time
 * by kind. Used by first-load-profile.ts (the before/after trace).
 */
import type { CDPSession } from 'playwright-core';
import type { ProbeResult } from './page-probe.js';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

/** One load from a Chromium trace: moments (ms from navigation start) and main-thread time by kind until the page is ready. */
export interface TracePhases {
  htmlFirstByte: number | null;
  htmlDone: number | null;
  fcp: number | null;
  /** The probe's content visible (the needle's text in the DOM and visible). */
  content: number | null;
  /** Every script requested before the page was ready, downloaded. */
  scriptsDone: number | null;
  /** The end of the first module or classic script's top-level evaluation (the entry). */
  entryEvaluated: number | null;
  /** The `sdui:screen-visible` mark: ours once hydrated and onLoad ran, the plain page once its data is drawn. */
  ready: number | null;
  /** Main-thread self time until `ready` (or content), ms, by kind. */
  main: Record<MainKind, number>;
}

type MainKind = 'parseHtml' | 'styleLayout' | 'paint' | 'compile' | 'evaluate' | 'otherScript' | 'gc' | 'other';
const KIND_OF: [RegExp, MainKind][] = [
  [
    /^(ParseHTML|ParseAuthorStyleSheet|HTMLPreloadScanner::.*|CSSParserImpl::.*|Document::FinishedParsing)$/,
    'parseHtml',
  ],
  [
    /^(UpdateLayoutTree|RecalculateStyles|Layout|PrePaint|HitTest|ScheduleStyleRecalculation|IntersectionObserverController::.*|LayoutShift|Document::recalcStyle|Document::UpdateStyleAndLayout.*|LocalFrameView::performLayout|Blink\.(Style|Layout|PrePaint)\..*|InlineNode::.*|StyleEngine::.*)$/,
    'styleLayout',
  ],
  [
    /^(Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|RasterTask|Decode Image|ImageDecodeTask|Blink\.(Paint|CompositingInputs|Compositing.*|Layerize)\..*|PaintController::.*)$/,
    'paint',
  ],
  [
    /^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|v8\.produceCache|v8\.produceModuleCache|CacheScript|V8\.CompileLazy.*|V8\.Compile.*)$/,
    'compile',
  ],
  [/^(EvaluateScript|v8\.evaluateModule|v8\.run)$/, 'evaluate'],
  [
    /^(FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|v8\.callFunction|FireIdleCallback|V8\.Execute|AsyncTask Run|V8\.BytecodeBudgetInterrupt|V8\.HandleInterrupts|V8\.StackGuard)$/,
    'otherScript',
  ],
  [/^(MinorGC|MajorGC|V8\.GC_.*|BlinkGC\..*|CppGC\..*|ThreadState::.*)$/, 'gc'],
];
const kindOf = (name: string): MainKind | undefined => KIND_OF.find(([re]) => re.test(name))?.[1];

export function tracePhases(events: TraceEvent[], probe: ProbeResult): TracePhases {
  const data = (e: TraceEvent) =>
    (e.args?.data ?? {}) as {
      url?: string;
      requestId?: string;
      documentLoaderURL?: string;
      isLoadingMainFrame?: boolean;
    };
  const nav = events.find((e) => e.name === 'navigationStart' && /^http/.test(data(e).documentLoaderURL ?? ''));
  if (!nav) throw new Error('no navigationStart for an http document in the trace');
  const t0 = nav.ts;
  const rel = (ts: number) => (ts - t0) / 1000;
  const ready = probe.mark ?? probe.content;
  const end = ready === null ? Infinity : t0 + ready * 1000;
  const reqs = (re: RegExp) =>
    events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= t0 && re.test(data(e).url ?? ''));
  const finishOf = (id?: string) => events.find((e) => e.name === 'ResourceFinish' && data(e).requestId === id);
  const doc =
    events.find((e) => e.name === 'ResourceSendRequest' && data(e).url === data(nav).documentLoaderURL) ?? reqs(/./)[0];
  const docId = doc ? data(doc).requestId : undefined;
  const firstByte = events.find((e) => e.name === 'ResourceReceiveResponse' && data(e).requestId === docId);
  const docDone = finishOf(docId);
  const scriptEnds = reqs(/\.js(\?|$)/)
    .filter((e) => e.ts < end)
    .map((e) => finishOf(data(e).requestId)?.ts)
    .filter((t): t is number => t !== undefined);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= t0);
  // The page's main thread: the one that parsed its HTML.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.ts >= t0 && e.pid === nav.pid);
  const main = events
    .filter(
      (e) =>
        parse && e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.ts + (e.dur ?? 0) > t0 && e.ts < end,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time per event (its duration minus its children's), the kind of its own name or of its nearest kind-bearing parent.
  const totals: Record<MainKind, number> = {
    parseHtml: 0,
    styleLayout: 0,
    paint: 0,
    compile: 0,
    evaluate: 0,
    otherScript: 0,
    gc: 0,
    other: 0,
  };
  const stack: { e: TraceEvent; kind: MainKind; endTs: number; self: number; from: number; to: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].endTs <= upTo) {
      const x = stack.pop()!;
      totals[x.kind] += Math.max(0, x.self);
    }
  };
  for (const e of main) {
    close(e.ts);
    const from = Math.max(e.ts, t0),
      to = Math.min(e.ts + (e.dur ?? 0), end);
    const clipped = Math.max(0, to - from);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= clipped;
    stack.push({
      e,
      kind: kindOf(e.name) ?? parent?.kind ?? 'other',
      endTs: e.ts + (e.dur ?? 0),
      self: clipped,
      from,
      to,
    });
  }
  close(Infinity);
  for (const k of Object.keys(totals) as MainKind[]) totals[k] /= 1000;
  const evals = main.filter(
    (e) => e.name === 'v8.evaluateModule' || (e.name === 'EvaluateScript' && /\/assets\//.test(data(e).url ?? '')),
  );
  return {
    htmlFirstByte: firstByte ? rel(firstByte.ts) : null,
    htmlDone: docDone ? rel(docDone.ts) : null,
    fcp: fcp ? rel(fcp.ts) : null,
    content: probe.content,
    scriptsDone: scriptEnds.length ? rel(Math.max(...scriptEnds)) : null,
    entryEvaluated: evals[0] ? rel(evals[0].ts + (evals[0].dur ?? 0)) : null,
    ready: probe.mark,
    main: totals,
  };
}

/** Ends the session's trace and gathers its events. */
export async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.end');
  await done;
  return events;
}
