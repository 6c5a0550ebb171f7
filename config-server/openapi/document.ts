import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromRoot } from '../project-root.js';
import { COLUMN_METRICS, RELEASE_METRICS, statKey, type MetricEntry } from '../../schemas/release-metrics.js';

/**
 * The OpenAPI description as served at /openapi.json and used by the tests' checker.
 *
 * The source (openapi.json next to this file) refers to the sandbox's request schemas in place
 * (`../sandbox/requests/<area>.json#/$defs/<call>`) so they are written once, where the sandbox
 * validates with them. Served documents must stand alone: this bundles each referenced file into
 * `components.schemas["sandbox-<area>"]` and points the references there. The same for the project's own schemas a
 * request body is (`../../schemas/<name>.json`, e.g. the beacon): `components.schemas["schema-<name>"]`, read from the
 * repository root as the server reads schemas/. A release arm's figures (`ArmStats`) are the metric catalog's
 * (schemas/release-metrics.ts): one property per console column.
 */
const dir = new URL('./', import.meta.url);
const EXTERNAL = /^\.\.\/sandbox\/requests\/([a-z0-9-]+)\.json(#.*)?$/;
const PROJECT_SCHEMA = /^\.\.\/\.\.\/schemas\/([a-z0-9-]+)\.json$/;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Rewrites every `$ref` in `node` with `rewrite` (returns the same shape, new objects). */
function mapRefs(node: Json, rewrite: (ref: string) => string): Json {
  if (Array.isArray(node)) return node.map((n) => mapRefs(n, rewrite));
  if (!node || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === '$ref' && typeof v === 'string' ? rewrite(v) : mapRefs(v, rewrite);
  return out;
}

function bundle(): Record<string, unknown> {
  const source = JSON.parse(readFileSync(fileURLToPath(new URL('openapi.json', dir)), 'utf8')) as { [k: string]: Json };
  const areas = new Set<string>();
  const schemas = new Set<string>();
  const doc = mapRefs(source, (ref) => {
    const own = PROJECT_SCHEMA.exec(ref);
    if (own) {
      schemas.add(own[1]);
      return `#/components/schemas/schema-${own[1]}`;
    }
    const m = EXTERNAL.exec(ref);
    if (!m) return ref;
    areas.add(m[1]);
    return `#/components/schemas/sandbox-${m[1]}${(m[2] ?? '#').slice(1)}`;
  }) as { components: { schemas: { [k: string]: Json } } };
  for (const area of [...areas].sort()) {
    const schema = JSON.parse(
      readFileSync(fileURLToPath(new URL(`../sandbox/requests/${area}.json`, dir)), 'utf8'),
    ) as { [k: string]: Json };
    // Inside the document the schema has no identity of its own: its local references are re-rooted.
    const { $id: _id, $schema: _schema, ...rest } = schema;
    doc.components.schemas[`sandbox-${area}`] = mapRefs(rest, (ref) =>
      ref.startsWith('#/') ? `#/components/schemas/sandbox-${area}/${ref.slice(2)}` : ref,
    );
  }
  for (const name of [...schemas].sort()) {
    // Self-contained schemas only (no $ref of their own): nothing to re-root.
    const {
      $id: _id,
      $schema: _schema,
      ...rest
    } = JSON.parse(readFileSync(fromRoot(`schemas/${name}.json`), 'utf8')) as { [k: string]: Json };
    doc.components.schemas[`schema-${name}`] = rest;
  }
  doc.components.schemas.ArmStats = armStatsSchema(doc.components.schemas.ArmStats as { [k: string]: Json });
  return doc;
}

/** A release arm's figures, one per console column of the metric catalog (the source leaves the properties to it). */
function armStatsSchema(source: { [k: string]: Json }): Json {
  const properties: { [k: string]: Json } = {};
  for (const id of COLUMN_METRICS) {
    const m: MetricEntry = RELEASE_METRICS[id];
    const description = `${m.words.column}: ${m.words.description}`;
    properties[statKey(id)] =
      m.kind === 'timing'
        ? { type: ['number', 'null'], description: `${description} In ms; null without a measurement.` }
        : m.kind === 'count'
          ? { type: 'integer', minimum: 0, description }
          : { type: 'number', minimum: 0, description: `${description} 0 without page views.` };
  }
  return { ...source, required: Object.keys(properties), properties };
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
