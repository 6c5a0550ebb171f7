/**
 * How a published document becomes a body the config API serves and a page inlines: serialised once, with its ETag,
 * and a script-safe copy without the ops-facing notes. The snapshot and the release arms both build bodies this way.
 */
import { bodyEtag } from '../store/content-hash.js';
import { scriptSafe } from '../../renderer/core/index.js';
import { textMessages } from './text-messages.js';
import { screenTrees } from './screen-trees.js';
import { numberShapeOf } from './number-shape.js';

/** A published body, serialised once: bytes for the API, a script-safe string for the HTML. */
export interface Entry {
  body: Buffer;
  etag: string;
  /** The same JSON with `<`, `>`, `&`, U+2028/9 as \u escapes: safe inside a <script> element. */
  inline: string;
  /**
   * `X-Config-Release` when releases are in flight for this body: `<releaseId>=<base|candidate>`, comma-separated.
   * Such a body's ETag is its arm's own (releases/release-arms.ts), so a borrower never gets the other arm's 304.
   */
  release?: string;
}

export type SnapshotDoc = Record<string, unknown> & { kind: string; id: string };
type Doc = SnapshotDoc;

/** The page's one escaper for JSON inside a `<script>`, shared with the first-call hand-off. */
export { scriptSafe };

/**
 * `inlined` is what the page carries instead of `value` (the API still serves `value`, under the same ETag):
 * the same document without its ops-facing notes, which every page would otherwise download for nothing.
 */
export function entry(value: unknown, inlined: unknown = value): Entry {
  const json = JSON.stringify(value);
  return {
    body: Buffer.from(json),
    etag: bodyEtag(json),
    inline: scriptSafe(inlined === value ? json : JSON.stringify(inlined)),
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
/** Without `description`: the schemas define it as an ops-facing note, never shown to borrowers (optional where dropped). */
const noNote = (v: unknown): unknown => {
  if (!isObj(v) || !('description' in v)) return v;
  const { description: _note, ...rest } = v;
  return rest;
};
const notesOff = (doc: unknown, list?: string): unknown => {
  const d = noNote(doc);
  if (!list || !isObj(d)) return d;
  const items = d[list];
  if (Array.isArray(items)) return { ...d, [list]: items.map(noNote) };
  if (isObj(items)) return { ...d, [list]: Object.fromEntries(Object.entries(items).map(([k, x]) => [k, noNote(x)])) };
  return d;
};

/** One market's bundle in one text set, serialised (the API's body and the page's inlined copy). */
export function bundleEntry(
  m: Doc,
  t: Doc,
  routeMap: Doc | undefined,
  apiMap: Doc | undefined,
  bridgeMap: Doc | undefined,
): Entry {
  const bundle = {
    market: m,
    textSet: t,
    routeMap: routeMap ?? null,
    apiMap: apiMap ?? null,
    bridgeMap: bridgeMap ?? null,
    // Pre-parsed ICU copy (text-messages.ts): the browser formats it and never parses.
    messages: textMessages((t as { texts?: unknown }).texts),
    // How the market's locale writes numbers (number-shape.ts): the browser then formats them without Intl.
    numberShape: numberShapeOf(m.number),
  };
  // An endpoint's and a bridge message's notes stay: their schemas require them, and the app checks the
  // inlined bundle against the schemas before keeping it as its last good configuration.
  const inlined = {
    market: notesOff(m),
    textSet: notesOff(t),
    routeMap: notesOff(bundle.routeMap, 'routes'),
    apiMap: notesOff(bundle.apiMap),
    bridgeMap: notesOff(bundle.bridgeMap),
    messages: bundle.messages,
    numberShape: bundle.numberShape,
  };
  return entry(bundle, inlined);
}

/** A screen's body: the document and its expressions parsed (screen-trees.ts), so the browser needs no parser. */
export function screenEntry(s: Doc): Entry {
  const expressions = screenTrees(s);
  return entry({ ...s, expressions }, { ...(notesOff(s) as Doc), expressions });
}

/** The document of `kind` the bundle carries: id `default`, else the first. */
export const oneOf = (docs: readonly Doc[], kind: string) =>
  docs.find((d) => d.kind === kind && d.id === 'default') ?? docs.find((d) => d.kind === kind);

export const originOf = (url: unknown) => {
  try {
    return typeof url === 'string' && /^https?:\/\//.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};
