/**
 * Where screen A's first load goes (issue 38), for PERFORMANCE.md: one cold load of ours and of the plain page in the
 * render section's setup (the same server, data, Chromium, calibrated CPU throttling and slow-4G network), with
 *   - a heap snapshot after the load (network idle, GC), summed by constructor and by retained size (dominator tree);
 *   - a Chromium trace of the load, cut into HTML arrival, parse, style/layout, paint, JS download/eval, hydrate, content.
 *
 *   npx tsx tests/bench/render/first-load-profile.ts [appDir] [--runs N] [--heap-only | --trace-only] [--save dir]
 *
 * appDir: an existing build (the renderer with `plain/` beside it, as the bench builds it); built afresh into
 * tests/bench/results/build/profile when absent. --save keeps each heap snapshot (open it in DevTools' Memory tab). Heavy: run it alone (flock /tmp/heavy.lock ...).
 */
import { chromium, type CDPSession } from 'playwright-core';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, repoRoot, resultsDir } from '../bundle/build-app.js';
import { startChildServer } from '../lib/child-server.js';
import { median } from '../lib/table.js';
import { CHROMIUM_ARGS, NETWORK, IDLE_QUIET_MS } from './render-bench.js';
import { CpuCalibrator } from './cpu-calibration.js';
import { PROBE_REPORT, probeScript, type ProbeResult } from './page-probe.js';
import { prepareDataDir, seedComplaints, BENCH_SCREEN_A_PATH } from './prepare-data-dir.js';

const COMMON = 'market=ID&deviceId=bench-device&version=1.0.0&type=1&deviceName=bench&osVersion=14&gid=1&platform=android';
const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const runs = Number(args[args.indexOf('--runs') + 1] || 5) || 5;
const saveDir = args.includes('--save') ? resolve(args[args.indexOf('--save') + 1]) : undefined;
if (saveDir) mkdirSync(saveDir, { recursive: true });
const appDirArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs' && args[i - 1] !== '--save');

// ---------------------------------------------------------------- heap snapshot

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface HeapSummary {
  total: number;
  /** Self size by constructor (objects) or by type (strings, code, arrays...). */
  byConstructor: { name: string; count: number; self: number }[];
  /** The largest retained sizes, each with the chain of its dominators (what keeps it). */
  topRetained: { what: string; retained: number; self: number; keptBy: string }[];
  /** For the largest constructors: their self size by the edge that holds them (`Retainer.edge`), e.g. `Fiber.memoizedProps`. */
  heldBy: { name: string; edges: { edge: string; count: number; self: number }[] }[];
}

/** Sums a V8 heap snapshot; retained sizes from its dominator tree (weak edges do not retain, as in DevTools). */
export function summarizeHeap(json: string, top = 25, probeEdges: string[] = []): HeapSummary & { probed: { edge: string; retained: number }[] } {
  const s = JSON.parse(json) as Snapshot;
  const nf = s.snapshot.meta.node_fields, ef = s.snapshot.meta.edge_fields;
  const NF = nf.length, EF = ef.length;
  const nType = nf.indexOf('type'), nName = nf.indexOf('name'), nSelf = nf.indexOf('self_size'), nEdges = nf.indexOf('edge_count');
  const eType = ef.indexOf('type'), eName = ef.indexOf('name_or_index'), eTo = ef.indexOf('to_node');
  const nodeTypes = s.snapshot.meta.node_types[0], edgeTypes = s.snapshot.meta.edge_types[0];
  const weak = edgeTypes.indexOf('weak'), shortcut = edgeTypes.indexOf('shortcut');
  const N = s.nodes.length / NF;
  const firstEdge = new Uint32Array(N + 1);
  for (let i = 0, e = 0; i < N; i++) {
    firstEdge[i] = e;
    e += s.nodes[i * NF + nEdges] * EF;
    firstEdge[i + 1] = e;
  }
  const typeOf = (i: number) => nodeTypes[s.nodes[i * NF + nType]];
  const nameOf = (i: number) => {
    const t = typeOf(i), n = s.strings[s.nodes[i * NF + nName]];
    if (t === 'object' || t === 'native' || t === 'closure' || t === 'synthetic') return t === 'closure' ? `(closure) ${n}` : n;
    return `(${t})`;
  };
  const self = (i: number) => s.nodes[i * NF + nSelf];
  const succ = (i: number, f: (j: number, e: number) => void) => {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      const t = s.edges[e + eType];
      if (t === weak || t === shortcut) continue;
      f(s.edges[e + eTo] / NF, e);
    }
  };
  // Reverse postorder from the root (node 0), iterative DFS.
  const order = new Int32Array(N).fill(-1);
  const post: number[] = [];
  const stack: [number, number][] = [[0, firstEdge[0]]];
  const visited = new Uint8Array(N);
  visited[0] = 1;
  while (stack.length) {
    const top = stack[stack.length - 1];
    const [i] = top;
    let pushed = false;
    while (top[1] < firstEdge[i + 1]) {
      const e = top[1];
      top[1] += EF;
      const t = s.edges[e + eType];
      if (t === weak || t === shortcut) continue;
      const j = s.edges[e + eTo] / NF;
      if (!visited[j]) {
        visited[j] = 1;
        stack.push([j, firstEdge[j]]);
        pushed = true;
        break;
      }
    }
    if (!pushed) {
      stack.pop();
      order[i] = post.length;
      post.push(i);
    }
  }
  const preds: number[][] = Array.from({ length: N }, () => []);
  for (const i of post) succ(i, (j) => visited[j] && preds[j].push(i));
  // Cooper, Harvey, Kennedy: "A simple, fast dominance algorithm".
  const idom = new Int32Array(N).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a] < order[b]) a = idom[a];
      while (order[b] < order[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const i = post[k];
      let d = -1;
      for (const p of preds[i]) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d);
      if (d !== -1 && idom[i] !== d) {
        idom[i] = d;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(N);
  for (const i of post) retained[i] += self(i);
  for (const i of post) if (i !== 0 && idom[i] >= 0) retained[idom[i]] += retained[i];
  let total = 0;
  const by = new Map<string, { count: number; self: number }>();
  for (const i of post) {
    total += self(i);
    const k = nameOf(i);
    const b = by.get(k) ?? { count: 0, self: 0 };
    b.count++;
    b.self += self(i);
    by.set(k, b);
  }
  // The edge by which the dominator holds a node (its name), for a readable chain.
  const label = (i: number) => {
    const d = idom[i];
    let edge = '';
    if (d >= 0 && d !== i) {
      for (let e = firstEdge[d]; e < firstEdge[d + 1]; e += EF) {
        if (s.edges[e + eTo] / NF !== i) continue;
        const t = edgeTypes[s.edges[e + eType]];
        edge = t === 'element' || t === 'hidden' ? `[${s.edges[e + eName]}]` : `.${s.strings[s.edges[e + eName]]}`;
        break;
      }
    }
    const t = typeOf(i);
    const str = t === 'string' || t === 'concatenated string' || t === 'sliced string' ? ` "${s.strings[s.nodes[i * NF + nName]].slice(0, 40).replace(/\s+/g, ' ')}"` : '';
    return `${nameOf(i)}${str}${edge ? ` via ${edge}` : ''}`;
  };
  const chain = (i: number) => {
    const out: string[] = [];
    for (let d = idom[i], n = 0; d > 0 && n < 5; d = idom[d], n++) out.push(label(d));
    return out.join(' < ');
  };
  // Skip the synthetic roots: the first real objects under them are what the page keeps.
  const candidates = post.filter((i) => i !== 0 && typeOf(i) !== 'synthetic' && !/^\(GC roots\)|^\(Internalized|^\(Global handles/.test(nameOf(i)));
  candidates.sort((a, b) => retained[b] - retained[a]);
  const topRetained: HeapSummary['topRetained'] = [];
  const shown = new Set<number>();
  for (const i of candidates) {
    if (topRetained.length >= top) break;
    // A node whose dominator is already listed with nearly the same size adds nothing: show the big owners.
    const d = idom[i];
    if (shown.has(d) && retained[i] > 0.9 * retained[d]) continue;
    shown.add(i);
    topRetained.push({ what: label(i), retained: retained[i], self: self(i), keptBy: chain(i) });
  }
  // Who holds the biggest kinds: one retaining edge per node (the first non-weak one), summed.
  const big = [...by.entries()].sort((a, b) => b[1].self - a[1].self).slice(0, 8).map(([k]) => k);
  const held = new Map<string, Map<string, { count: number; self: number }>>(big.map((k) => [k, new Map()]));
  const holder = new Int32Array(N).fill(-1);
  const holderEdge = new Int32Array(N).fill(-1);
  for (const i of post) succ(i, (j, e) => {
    if (holder[j] === -1) {
      holder[j] = i;
      holderEdge[j] = e;
    }
  });
  for (const i of post) {
    const m = held.get(nameOf(i));
    if (!m || holder[i] < 0) continue;
    const e = holderEdge[i];
    const t = edgeTypes[s.edges[e + eType]];
    const edge = `${nameOf(holder[i])}${t === 'element' || t === 'hidden' ? '[]' : `.${s.strings[s.edges[e + eName]]}`}`;
    const b = m.get(edge) ?? { count: 0, self: 0 };
    b.count++;
    b.self += self(i);
    m.set(edge, b);
  }
  // Retained sizes of what named properties hold (e.g. `textSet`, `apiMap`): where a document or answer sits in memory.
  const probed: { edge: string; retained: number }[] = [];
  if (probeEdges.length) {
    for (const i of post) succ(i, (j, e) => {
      const t = edgeTypes[s.edges[e + eType]];
      if (t !== 'property') return;
      const name = s.strings[s.edges[e + eName]];
      if (probeEdges.includes(name)) probed.push({ edge: `${nameOf(i)}.${name} -> ${nameOf(j)}`, retained: retained[j] });
    });
  }
  return {
    probed,
    heldBy: big.map((name) => ({ name, edges: [...held.get(name)!.entries()].map(([edge, b]) => ({ edge, ...b })).sort((a, b) => b.self - a.self).slice(0, Number(process.env.HELD_EDGES ?? 8)) })),
    total,
    byConstructor: [...by.entries()].map(([name, b]) => ({ name, ...b })).sort((a, b) => b.self - a.self).slice(0, top),
    topRetained,
  };
}

// ---------------------------------------------------------------- trace

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> }

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
  [/^(ParseHTML|ParseAuthorStyleSheet|HTMLPreloadScanner::.*|CSSParserImpl::.*|Document::FinishedParsing)$/, 'parseHtml'],
  [/^(UpdateLayoutTree|RecalculateStyles|Layout|PrePaint|HitTest|ScheduleStyleRecalculation|IntersectionObserverController::.*|LayoutShift|Document::recalcStyle|Document::UpdateStyleAndLayout.*|LocalFrameView::performLayout|Blink\.(Style|Layout|PrePaint)\..*|InlineNode::.*|StyleEngine::.*)$/, 'styleLayout'],
  [/^(Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|RasterTask|Decode Image|ImageDecodeTask|Blink\.(Paint|CompositingInputs|Compositing.*|Layerize)\..*|PaintController::.*)$/, 'paint'],
  [/^(v8\.compile|v8\.compileModule|V8\.CompileCode|v8\.parseOnBackground|v8\.produceCache|v8\.produceModuleCache|CacheScript|V8\.CompileLazy.*|V8\.Compile.*)$/, 'compile'],
  [/^(EvaluateScript|v8\.evaluateModule|v8\.run)$/, 'evaluate'],
  [/^(FunctionCall|TimerFire|EventDispatch|RunMicrotasks|FireAnimationFrame|v8\.callFunction|FireIdleCallback|V8\.Execute|AsyncTask Run|V8\.BytecodeBudgetInterrupt|V8\.HandleInterrupts|V8\.StackGuard)$/, 'otherScript'],
  [/^(MinorGC|MajorGC|V8\.GC_.*|BlinkGC\..*|CppGC\..*|ThreadState::.*)$/, 'gc'],
];
const kindOf = (name: string): MainKind | undefined => KIND_OF.find(([re]) => re.test(name))?.[1];

export function tracePhases(events: TraceEvent[], probe: ProbeResult): TracePhases {
  const data = (e: TraceEvent) => (e.args?.data ?? {}) as { url?: string; requestId?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean };
  const nav = events.find((e) => e.name === 'navigationStart' && /^http/.test(data(e).documentLoaderURL ?? ''));
  if (!nav) throw new Error('no navigationStart for an http document in the trace');
  const t0 = nav.ts;
  const rel = (ts: number) => (ts - t0) / 1000;
  const ready = probe.mark ?? probe.content;
  const end = ready === null ? Infinity : t0 + ready * 1000;
  const reqs = (re: RegExp) => events.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= t0 && re.test(data(e).url ?? ''));
  const finishOf = (id?: string) => events.find((e) => e.name === 'ResourceFinish' && data(e).requestId === id);
  const doc = events.find((e) => e.name === 'ResourceSendRequest' && data(e).url === data(nav).documentLoaderURL) ?? reqs(/./)[0];
  const docId = doc ? data(doc).requestId : undefined;
  const firstByte = events.find((e) => e.name === 'ResourceReceiveResponse' && data(e).requestId === docId);
  const docDone = finishOf(docId);
  const scriptEnds = reqs(/\.js(\?|$)/).filter((e) => e.ts < end).map((e) => finishOf(data(e).requestId)?.ts).filter((t): t is number => t !== undefined);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= t0);
  // The page's main thread: the one that parsed its HTML.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.ts >= t0 && e.pid === nav.pid);
  const main = events
    .filter((e) => parse && e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.ts + (e.dur ?? 0) > t0 && e.ts < end)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self time per event (its duration minus its children's), the kind of its own name or of its nearest kind-bearing parent.
  const totals: Record<MainKind, number> = { parseHtml: 0, styleLayout: 0, paint: 0, compile: 0, evaluate: 0, otherScript: 0, gc: 0, other: 0 };
  const stack: { e: TraceEvent; kind: MainKind; endTs: number; self: number; from: number; to: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].endTs <= upTo) {
      const x = stack.pop()!;
      totals[x.kind] += Math.max(0, x.self);
    }
  };
  for (const e of main) {
    close(e.ts);
    const from = Math.max(e.ts, t0), to = Math.min(e.ts + (e.dur ?? 0), end);
    const clipped = Math.max(0, to - from);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= clipped;
    stack.push({ e, kind: kindOf(e.name) ?? parent?.kind ?? 'other', endTs: e.ts + (e.dur ?? 0), self: clipped, from, to });
  }
  close(Infinity);
  for (const k of Object.keys(totals) as MainKind[]) totals[k] /= 1000;
  const evals = main.filter((e) => e.name === 'v8.evaluateModule' || (e.name === 'EvaluateScript' && /\/assets\//.test(data(e).url ?? '')));
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

// ---------------------------------------------------------------- one load

const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'v8',
  'disabled-by-default-v8.gc', 'blink', 'navigation',
].join(',');

async function collectTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.end');
  await done;
  return events;
}

interface LoadResult { probe: ProbeResult; heap?: HeapSummary; heapUsed?: number; trace?: TracePhases }

async function oneLoad(cpu: CpuCalibrator, browser: import('playwright-core').Browser, url: string, needles: string[], what: { heap: boolean; trace: boolean }): Promise<LoadResult> {
  const rate = await cpu.calibrate();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true });
  try {
    await context.addInitScript({ content: probeScript(needles) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto('about:blank');
    let inFlight = 0, last = Date.now();
    cdp.on('Network.requestWillBeSent', () => void (inFlight++, (last = Date.now())));
    cdp.on('Network.loadingFinished', () => void (inFlight--, (last = Date.now())));
    cdp.on('Network.loadingFailed', () => void (inFlight--, (last = Date.now())));
    if (what.trace) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    const probe = new Promise<ProbeResult>((resolveProbe) => {
      page.on('console', (m) => {
        if (m.text().startsWith(PROBE_REPORT)) resolveProbe(JSON.parse(m.text().slice(PROBE_REPORT.length)) as ProbeResult);
      });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const result = await probe;
    const out: LoadResult = { probe: result };
    if (what.trace) {
      const events = await collectTrace(cdp);
      if (saveDir) writeFileSync(join(saveDir, `${new URL(url).pathname.includes('plain') ? 'plain' : 'ours'}-${Date.now()}.trace.json`), JSON.stringify({ traceEvents: events }));
      out.trace = tracePhases(events, result);
    }
    if (what.heap) {
      const stopAt = Date.now() + 20_000;
      while (Date.now() < stopAt && (inFlight > 0 || Date.now() - last < IDLE_QUIET_MS)) await new Promise((r) => setTimeout(r, 100));
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      out.heapUsed = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
      const chunks: string[] = [];
      cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => void chunks.push(e.chunk));
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
      out.heap = summarizeHeap(chunks.join(''));
      if (saveDir) writeFileSync(join(saveDir, `${new URL(url).pathname.includes('plain') ? 'plain' : 'ours'}-${Date.now()}.heapsnapshot`), chunks.join(''));
    }
    return out;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- main

async function main() {
  let appDir = appDirArg ? resolve(appDirArg) : resolve(resultsDir, 'build/profile');
  if (!existsSync(join(appDir, 'index.html')) || !existsSync(join(appDir, 'plain/index.html'))) {
    appDir = resolve(resultsDir, 'build/profile');
    await buildApp({ root: resolve(repoRoot, 'renderer'), outDir: appDir });
    await buildApp({
      root: resolve(repoRoot, 'tests/bench/plain'), outDir: join(appDir, 'plain'), base: '/plain/',
      swap: { [resolve(repoRoot, 'tests/bench/baseline/api.ts')]: resolve(repoRoot, 'tests/bench/plain/api.ts') },
    });
  }
  const dataDir = await prepareDataDir();
  const server = await startChildServer(resolve(repoRoot, 'tests/bench/render/render-server-child.ts'), [dataDir, appDir]);
  const executablePath = ['/usr/bin/chromium', '/usr/lib/chromium/chromium'].find((p) => existsSync(p))!;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const cpu = new CpuCalibrator(browser);
  try {
    const needle = await seedComplaints(server.url, 'bench-screen-a', 200);
    const pages = {
      ours: `${server.url}${BENCH_SCREEN_A_PATH}?${COMMON}&token=bench-screen-a`,
      plain: `${server.url}/plain/index.html?${COMMON}&token=bench-screen-a#${BENCH_SCREEN_A_PATH}`,
    };
    const what = { heap: !flag('--trace-only'), trace: !flag('--heap-only') };
    // One unrecorded load of each: the server's and the OS's caches warm for both.
    for (const url of Object.values(pages)) await oneLoad(cpu, browser, url, [needle], { heap: false, trace: false });
    const results: Record<string, LoadResult[]> = { ours: [], plain: [] };
    for (let i = 0; i < runs; i++) {
      for (const side of (i % 2 ? ['plain', 'ours'] : ['ours', 'plain']) as ('ours' | 'plain')[]) {
        results[side].push(await oneLoad(cpu, browser, pages[side], [needle], what));
      }
    }
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
    const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
    for (const side of ['ours', 'plain'] as const) {
      const rs = results[side];
      console.log(`\n## ${side} (${runs} cold loads; CPU ${cpu.summary().note})`);
      if (what.heap) {
        const used = rs.map((r) => r.heapUsed ?? NaN);
        console.log(`JSHeapUsedSize after GC: median ${mb(median(used))}; snapshot total ${mb(median(rs.map((r) => r.heap!.total)))}`);
        const h = rs[0].heap!;
        console.log('\nself size by constructor (first load):');
        for (const c of h.byConstructor) console.log(`  ${kb(c.self).padStart(7)}  ${String(c.count).padStart(6)}  ${c.name}`);
        console.log('\nthe largest kinds by what holds them (first load):');
        for (const h2 of h.heldBy) console.log(`  ${h2.name}: ${h2.edges.map((e) => `${e.edge} ${kb(e.self)} (${e.count})`).join(', ')}`);
        console.log('\nlargest retained (first load):');
        for (const t of h.topRetained) console.log(`  ${kb(t.retained).padStart(7)}  ${t.what}  <  ${t.keptBy}`);
      }
      if (what.trace) {
        const at = ['htmlFirstByte', 'htmlDone', 'fcp', 'content', 'scriptsDone', 'entryEvaluated', 'ready'] as const;
        console.log('\ntrace, median over the loads (ms from navigation start) [each load]:');
        const line = (k: string, xs: (number | null)[]) => {
          const ok = xs.filter((x): x is number => x !== null && Number.isFinite(x));
          console.log(`  ${k.padEnd(16)} ${ok.length ? median(ok).toFixed(0).padStart(5) : '    -'}  [${xs.map((x) => (x === null ? '-' : x.toFixed(0))).join(', ')}]`);
        };
        for (const k of at) line(k, rs.map((r) => r.trace![k]));
        console.log('main thread until ready (the mark), ms of self time by kind:');
        for (const k of Object.keys(rs[0].trace!.main) as (keyof TracePhases['main'])[]) line(k, rs.map((r) => r.trace!.main[k]));
      }
    }
  } finally {
    await cpu.close();
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(repoRoot, 'tests/bench/render/first-load-profile.ts')) {
  main().then(() => process.exit(0), (e) => {
    console.error(e);
    process.exit(1);
  });
}
