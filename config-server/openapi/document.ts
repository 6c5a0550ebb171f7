import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The OpenAPI description as served at /openapi.json and used by the tests' checker.
 *
 * The source (openapi.json next to this file) refers to the sandbox's request schemas in place
 * (`../sandbox/requests/<area>.json#/$defs/<call>`) so they are written once, where the sandbox
 * validates with them. Served documents must stand alone: this bundles each referenced file into
 * `components.schemas["sandbox-<area>"]` and points the references there.
 */
const dir = new URL('./', import.meta.url);
const EXTERNAL = /^\.\.\/sandbox\/requests\/([a-z0-9-]+)\.json(#.*)?$/;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Rewrites every `$ref` in `node` with `rewrite` (returns the same shape, new objects). */
function mapRefs(node: Json, rewrite: (ref: string) => string): Json {
  if (Array.isArray(node)) return node.map((n) => mapRefs(n, rewrite));
  if (!node || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? rewrite(v) : mapRefs(v, rewrite);
  return out;
}

function bundle(): Record<string, unknown> {
  const source = JSON.parse(readFileSync(fileURLToPath(new URL('openapi.json', dir)), 'utf8')) as { [k: string]: Json };
  const areas = new Set<string>();
  const doc = mapRefs(source, (ref) => {
    const m = EXTERNAL.exec(ref);
    if (!m) return ref;
    areas.add(m[1]);
    return `#/components/schemas/sandbox-${m[1]}${(m[2] ?? '#').slice(1)}`;
  }) as { components: { schemas: { [k: string]: Json } } };
  for (const area of [...areas].sort()) {
    const schema = JSON.parse(readFileSync(fileURLToPath(new URL(`../sandbox/requests/${area}.json`, dir)), 'utf8')) as { [k: string]: Json };
    // Inside the document the schema has no identity of its own: its local references are re-rooted.
    const { $id: _id, $schema: _schema, ...rest } = schema;
    doc.components.schemas[`sandbox-${area}`] = mapRefs(rest, (ref) => (ref.startsWith('#/') ? `#/components/schemas/sandbox-${area}/${ref.slice(2)}` : ref));
  }
  return doc;
}

let cached: { json: string; doc: Record<string, unknown> } | undefined;

/** The bundled description, built on first use (a server that is never asked for it does not pay for it). */
export function openapiDocument(): Record<string, unknown> {
  cached ??= (() => {
    const doc = bundle();
    return { doc, json: JSON.stringify(doc) };
  })();
  return cached.doc;
}

/** The bundled description as the JSON text served. */
export function openapiJson(): string {
  openapiDocument();
  return cached!.json;
}
