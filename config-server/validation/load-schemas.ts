import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { fromRoot } from '../project-root.js';

export const schemasDir = fromRoot('schemas/');

export interface SchemaFile {
  /** Path relative to schemas/, with forward slashes, e.g. `nodes/text.json`. */
  file: string;
  schema: Record<string, unknown> & { $id: string; title?: string };
}

/** Every schema under schemas/ (the generated folder excluded), sorted by path so output is stable. */
export function readSchemaFiles(dir = schemasDir): SchemaFile[] {
  const out: SchemaFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'generated') walk(p);
      } else if (name.endsWith('.json')) {
        const file = relative(dir, p).split(sep).join('/');
        let schema: SchemaFile['schema'];
        try {
          schema = JSON.parse(readFileSync(p, 'utf8'));
        } catch (e) {
          throw new Error(`schemas/${file}: not valid JSON (${(e as Error).message})`);
        }
        if (typeof schema.$id !== 'string') throw new Error(`schemas/${file}: missing $id`);
        out.push({ file, schema });
      }
    }
  };
  walk(dir);
  return out;
}

/** The document kinds: one schema per kind under schemas/documents/, keyed by its `kind` const. */
export function documentKinds(files: SchemaFile[]): Map<string, SchemaFile> {
  const kinds = new Map<string, SchemaFile>();
  for (const f of files) {
    if (!f.file.startsWith('documents/')) continue;
    const kind = (f.schema.properties as Record<string, { const?: string }> | undefined)?.kind?.const;
    if (!kind) throw new Error(`schemas/${f.file}: a document schema needs properties.kind.const`);
    kinds.set(kind, f);
  }
  return kinds;
}

export interface AjvOptions {
  /** Emit standalone source (build time only). */
  source?: boolean;
  /**
   * Strict mode (default true). Off only for matching a document against a fragment of a schema
   * (a oneOf branch such as `{required: [...]}`), which strict mode rejects out of its context.
   */
  strict?: boolean;
}

/** One strict Ajv holding every schema. No `$data`: documents can never steer their own validation. */
export function createAjv(files = readSchemaFiles(), opts: AjvOptions = {}) {
  const ajv = new Ajv2020({
    strict: opts.strict ?? true,
    // `required` inside anyOf branches names properties declared at the top level, which strictRequired rejects.
    strictRequired: false,
    // A limit is a number or a `{{ }}` binding string (common/limit.json).
    allowUnionTypes: true,
    allErrors: true,
    discriminator: true,
    $data: false,
    // Annotations (no validation): a copy slot's length limit, read by the copy QA checks (validation/copy/).
    keywords: ['x-copyMaxChars'],
    // Count string length in UTF-16 units: the standalone code then needs no runtime `require`.
    unicode: false,
    // ajv flags `unicode` as deprecated on every instance; that choice is deliberate, other warnings still show.
    logger: {
      log: console.log,
      warn: (...args: unknown[]) => void (/option unicode/.test(String(args[0])) || console.warn(...args)),
      error: console.error,
    },
    code: opts.source ? { source: true, esm: true, lines: true } : undefined,
  });
  for (const f of files) ajv.addSchema(f.schema);
  return ajv;
}
