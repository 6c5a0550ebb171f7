/**
 * Every schema file of `schemas/`, by `$id`, and `$ref` resolution between them. The editor derives all it knows
 * about elements from these files ("screens are data"), so a schema added by one line in a family root
 * (`node.json`, `action.json`, `landing/section.json`) reaches the palette and the forms without editor code.
 * The glob is bundled into the console's lazy chunk only.
 */

/** A JSON Schema object as written in `schemas/` (refs unresolved). */
export type JsonSchema = { [key: string]: unknown } & {
  $id?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
};

const files = import.meta.glob<JsonSchema>(['../../../schemas/**/*.json', '!../../../schemas/generated/**'], {
  eager: true,
  import: 'default',
});

/** Schemas by `$id` (absolute URL). */
export const schemasById: ReadonlyMap<string, JsonSchema> = new Map(
  Object.values(files)
    .filter((s) => typeof s.$id === 'string')
    .map((s) => [s.$id as string, s]),
);

/** The folder every `$id` hangs under, e.g. `https://schemas.cashloan.dev/sdui/`. */
export const schemaBase = new URL(
  '.',
  [...schemasById.keys()].find((id) => id.endsWith('/node.json')),
).href;

/** The schema of a path under `schemas/` (`landing/section.json`), if that file exists. */
export function schemaAt(path: string): JsonSchema | undefined {
  return schemasById.get(new URL(path, schemaBase).href);
}

function unescapePointer(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Follows `ref` relative to `schema.$id` (a sub-schema without `$id` resolves against the base, which holds
 * for every file here since refs are relative to the file's own folder only in files that carry an `$id`).
 * Throws naming the reference when it leads nowhere: a broken schema must not become a silently empty form.
 */
export function resolveRef(schema: JsonSchema, ref: string, base = schema.$id ?? schemaBase): JsonSchema {
  const [path, frag = ''] = ref.split('#');
  const target = path ? schemasById.get(new URL(path, base).href) : schema;
  if (!target) throw new Error(`schema $ref '${ref}' (from ${base}) names no schema file`);
  let node: unknown = target;
  for (const token of frag.split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[unescapePointer(token)];
    if (node === undefined) throw new Error(`schema $ref '${ref}' (from ${base}) points at nothing`);
  }
  return node as JsonSchema;
}

/** The `$id` of the file a `$ref` found in `schema` (or under it) points at, or undefined for local refs. */
export function refTargetId(ref: string, base: string): string | undefined {
  const [path] = ref.split('#');
  return path ? new URL(path, base).href : undefined;
}
