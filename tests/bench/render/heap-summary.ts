/**
 * Sums a V8 heap snapshot (CDP HeapProfiler.takeHeapSnapshot) the way DevTools' Memory tab does: self size by
 * constructor, retained size from the dominator tree (weak edges do not retain), and what holds the biggest kinds.
 * Used by first-load-profile.ts (the heap breakdown).
 */
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
export function summarizeHeap(
  json: string,
  top = 25,
  probeEdges: string[] = [],
): HeapSummary & { probed: { edge: string; retained: number }[] } {
  const s = JSON.parse(json) as Snapshot;
  const nf = s.snapshot.meta.node_fields,
    ef = s.snapshot.meta.edge_fields;
  const NF = nf.length,
    EF = ef.length;
  const nType = nf.indexOf('type'),
    nName = nf.indexOf('name'),
    nSelf = nf.indexOf('self_size'),
    nEdges = nf.indexOf('edge_count');
  const eType = ef.indexOf('type'),
    eName = ef.indexOf('name_or_index'),
    eTo = ef.indexOf('to_node');
  const nodeTypes = s.snapshot.meta.node_types[0],
    edgeTypes = s.snapshot.meta.edge_types[0];
  const weak = edgeTypes.indexOf('weak'),
    shortcut = edgeTypes.indexOf('shortcut');
  const N = s.nodes.length / NF;
  const firstEdge = new Uint32Array(N + 1);
  for (let i = 0, e = 0; i < N; i++) {
    firstEdge[i] = e;
    e += s.nodes[i * NF + nEdges] * EF;
    firstEdge[i + 1] = e;
  }
  const typeOf = (i: number) => nodeTypes[s.nodes[i * NF + nType]];
  const nameOf = (i: number) => {
    const t = typeOf(i),
      n = s.strings[s.nodes[i * NF + nName]];
    if (t === 'object' || t === 'native' || t === 'closure' || t === 'synthetic')
      return t === 'closure' ? `(closure) ${n}` : n;
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
  for (let changed = true; changed;) {
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
    const str =
      t === 'string' || t === 'concatenated string' || t === 'sliced string'
        ? ` "${s.strings[s.nodes[i * NF + nName]].slice(0, 40).replace(/\s+/g, ' ')}"`
        : '';
    return `${nameOf(i)}${str}${edge ? ` via ${edge}` : ''}`;
  };
  const chain = (i: number) => {
    const out: string[] = [];
    for (let d = idom[i], n = 0; d > 0 && n < 5; d = idom[d], n++) out.push(label(d));
    return out.join(' < ');
  };
  // Skip the synthetic roots: the first real objects under them are what the page keeps.
  const candidates = post.filter(
    (i) => i !== 0 && typeOf(i) !== 'synthetic' && !/^\(GC roots\)|^\(Internalized|^\(Global handles/.test(nameOf(i)),
  );
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
  const big = [...by.entries()]
    .sort((a, b) => b[1].self - a[1].self)
    .slice(0, 8)
    .map(([k]) => k);
  const held = new Map<string, Map<string, { count: number; self: number }>>(big.map((k) => [k, new Map()]));
  const holder = new Int32Array(N).fill(-1);
  const holderEdge = new Int32Array(N).fill(-1);
  for (const i of post)
    succ(i, (j, e) => {
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
    for (const i of post)
      succ(i, (j, e) => {
        const t = edgeTypes[s.edges[e + eType]];
        if (t !== 'property') return;
        const name = s.strings[s.edges[e + eName]];
        if (probeEdges.includes(name))
          probed.push({ edge: `${nameOf(i)}.${name} -> ${nameOf(j)}`, retained: retained[j] });
      });
  }
  return {
    probed,
    heldBy: big.map((name) => ({
      name,
      edges: [...held.get(name)!.entries()]
        .map(([edge, b]) => ({ edge, ...b }))
        .sort((a, b) => b.self - a.self)
        .slice(0, Number(process.env.HELD_EDGES ?? 8)),
    })),
    total,
    byConstructor: [...by.entries()]
      .map(([name, b]) => ({ name, ...b }))
      .sort((a, b) => b.self - a.self)
      .slice(0, top),
    topRetained,
  };
}
