/**
 * What the server knows about documents beyond their schemas: where a document lives in the
 * repo, which markets it concerns, and the per-document schema check used when saving drafts.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv, documentKinds, readSchemaFiles } from './load-schemas.js';
import { formatAjvErrors } from '../../renderer/core/validation/format-ajv-errors.js';
import { withRegistrationWording } from '../../renderer/core/landing/registration-parts.js';

export interface SchemaError {
  instancePath: string;
  message: string;
}

type Doc = Record<string, unknown>;

let compiled: { kinds: Map<string, ValidateFunction> } | undefined;

/** One Ajv for the process, compiled on first use (a few hundred ms). */
function validators() {
  if (!compiled) {
    const files = readSchemaFiles();
    const ajv = createAjv(files);
    const kinds = new Map<string, ValidateFunction>();
    for (const [kind, f] of documentKinds(files)) kinds.set(kind, ajv.getSchema(f.schema.$id)!);
    compiled = { kinds };
  }
  return compiled;
}

export function knownKinds(): string[] {
  return [...validators().kinds.keys()].sort();
}

export function isKnownKind(kind: string): boolean {
  return validators().kinds.has(kind);
}

/** Schema errors of one document of `kind` (empty when valid), each with its JSON pointer. */
export function schemaErrors(kind: string, doc: unknown): SchemaError[] {
  const validate = validators().kinds.get(kind);
  if (!validate)
    return [{ instancePath: '', message: `unknown document kind '${kind}': use one of ${knownKinds().join(', ')}` }];
  if (validate(doc)) return [];
  return withRegistrationWording(kind, doc, formatAjvErrors(validate.errors)).map((e) => ({
    instancePath: e.pointer,
    message: e.message,
  }));
}

/** The repo file of a document created through the admin API (imported ones keep their own path). */
export function defaultFileFor(kind: string, id: string): string {
  switch (kind) {
    case 'screen':
      return `screens/pages/${id}.json`;
    case 'text-set':
      return `screens/texts/${id}.json`;
    case 'market':
      return `screens/markets/${id}.json`;
    case 'landing-template':
      return `screens/templates/${id}.json`;
    case 'metric':
      // Metric ids are camelCase (`loanConfirmed`); files stay kebab-case.
      return `screens/metrics/${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`;
    default:
      return id === 'default' ? `screens/maps/${kind}.json` : `screens/maps/${kind}-${id}.json`;
  }
}

/**
 * Markets a document concerns, given every market document: a market itself, the markets
 * using a text set, a template's market; shared documents (screens, maps) concern every market.
 */
export function marketsOf(kind: string, doc: unknown, markets: Doc[]): string[] {
  const d = (doc ?? {}) as Doc;
  switch (kind) {
    case 'market':
      return [String(d.id)];
    case 'text-set':
      return markets.filter((m) => m.textSet === d.id).map((m) => String(m.id));
    case 'landing-template':
      return typeof d.market === 'string' ? [d.market] : markets.map((m) => String(m.id));
    default:
      return markets.map((m) => String(m.id));
  }
}

/** Locale of a document, when it has one (text sets; markets through their text set). */
export function localeOf(kind: string, doc: unknown): string | undefined {
  const d = (doc ?? {}) as Doc;
  if (kind === 'text-set') return typeof d.locale === 'string' ? d.locale : String(d.id);
  if (kind === 'market') return typeof d.textSet === 'string' ? d.textSet : undefined;
  return undefined;
}
