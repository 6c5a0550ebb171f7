/**
 * One place for every business constant: the product's limits live in the market documents and
 * documents bind to them. Three rules, each naming file, JSON pointer and what to do:
 * - a literal number in a limit-bearing prop (`$ref: common/limit.json`) of a screen or template, where a
 *   `{{ market.limits.* }}` binding is expected;
 * - a `market.*` path read by a document that some market document lacks;
 * - a market constant (a leaf under a checked section) that no document reads and that code does not
 *   declare as read (renderer/core/market/market-reads.ts): an ops edit of it would change nothing.
 */
import { MARKET_READS_BY_CODE } from '../../renderer/core/index.js';
import { MARKET_PATH, type Reference } from './collect-references.js';
import type { DocumentError, KnownDocument } from './validation-types.js';
import { pointerToken } from '../http/json-pointer.js';

/**
 * Market sections whose every leaf must be read by something. `telemetry` too: its constants are read by code only
 * (the beacons' sampling), so one that code does not declare as read would be a setting ops edit to no effect.
 */
export const CHECKED_SECTIONS: string[] = ['limits', 'legal', 'telemetry'];

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const q = JSON.stringify;

/** Dotted paths of the leaves under `value` (arrays are leaves: a status list is one constant). */
function leaves(value: unknown, prefix: string): string[] {
  if (!isObject(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`));
}

function valueAt(doc: unknown, path: string): unknown {
  let node = doc;
  for (const key of path.split('.')) node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  return node;
}

/**
 * `market.*` paths inside `{{ }}` templates anywhere in a document (api params, storage values and other
 * free-form objects the schema walk does not type as templates).
 */
function templateReads(doc: unknown, pointer = ''): Reference[] {
  if (typeof doc === 'string') {
    if (!doc.includes('{{')) return [];
    return [...doc.matchAll(/\{\{([^{}]*)\}\}/g)].flatMap((t) =>
      [...t[1].matchAll(MARKET_PATH)].map((m) => ({ kind: 'market' as const, value: m[1].slice(1), pointer })),
    );
  }
  if (Array.isArray(doc)) return doc.flatMap((v, i) => templateReads(v, `${pointer}/${i}`));
  if (isObject(doc)) return Object.entries(doc).flatMap(([k, v]) => templateReads(v, `${pointer}/${pointerToken(k)}`));
  return [];
}

/** A path is read when a reader names it, one of its parents (reading a whole table) or one of its children. */
const covers = (read: string, leaf: string) =>
  read === leaf || leaf.startsWith(`${read}.`) || read.startsWith(`${leaf}.`);

export interface MarketRuleOptions {
  /** Paths code reads (default: renderer/core/market/market-reads.ts). */
  codeReads?: readonly string[];
  /** Sections whose leaves must be read (default CHECKED_SECTIONS). */
  sections?: readonly string[];
}

export function checkMarketConstants(
  known: KnownDocument[],
  references: Map<string, Reference[]>,
  opts: MarketRuleOptions = {},
): DocumentError[] {
  const { codeReads = MARKET_READS_BY_CODE, sections = CHECKED_SECTIONS } = opts;
  const errors: DocumentError[] = [];
  const markets = known.filter((k) => k.kind === 'market');
  const limitLeaves = markets.length ? leaves(markets[0].doc.limits, 'limits') : [];
  const reads = new Set<string>(codeReads);

  for (const self of known) {
    if (self.kind === 'market') continue;
    const all = [...(references.get(self.file) ?? []), ...templateReads(self.doc)];
    // The schema walk and the template scan meet the same binding: one report per pointer and value.
    const unique = [...new Map(all.map((r) => [`${r.kind}|${r.pointer}|${r.value}`, r])).values()];
    for (const ref of unique) {
      if (ref.kind === 'market' && typeof ref.value === 'string') {
        reads.add(ref.value);
        for (const m of markets) {
          if (valueAt(m.doc, ref.value) === undefined) {
            errors.push({
              file: self.file,
              pointer: ref.pointer,
              message: `market.${ref.value} is read by ${self.kind} ${q(self.id)} but market ${m.id} (${m.file}) has no such field: add it to every market document or fix the path`,
            });
          }
        }
      }
      if (ref.kind === 'limit' && typeof ref.value === 'number') {
        const same = limitLeaves.filter((leaf) => markets.every((m) => valueAt(m.doc, leaf) === ref.value));
        const hint = same.length
          ? `bind it to ${same.map((leaf) => `"{{ market.${leaf} }}"`).join(' or ')}`
          : 'add the constant to limits in every market document (and its schema) and bind it: "{{ market.limits.<name> }}"';
        errors.push({
          file: self.file,
          pointer: ref.pointer,
          message: `literal ${ref.value} in a limit-bearing prop: business constants live in the market document, so ops can change them; ${hint}`,
        });
      }
    }
  }

  for (const m of markets) {
    for (const section of sections) {
      // An absent section holds nothing to edit (whether it must be there is the schema's business).
      if (m.doc[section] === undefined) continue;
      for (const leaf of leaves(m.doc[section], section)) {
        if ([...reads].some((r) => covers(r, leaf))) continue;
        errors.push({
          file: m.file,
          pointer: `/${leaf.split('.').join('/')}`,
          message: `market constant ${leaf} is read by no document and no code, so editing it changes nothing: bind a screen to "{{ market.${leaf} }}", declare the code that reads it in renderer/core/market/market-reads.ts, or remove it`,
        });
      }
    }
  }
  return errors;
}
