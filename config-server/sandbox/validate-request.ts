import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { invalid } from './envelope.js';

/**
 * Request validation for the sandbox. Schemas live next to the handlers in `requests/<area>.json`,
 * one `$defs` entry per endpoint, referenced as `<area>#<endpoint>`.
 *
 * Form-urlencoded bodies and query strings carry only strings, so types are coerced ("5" → 5);
 * a value that cannot be coerced ("abc" for an integer) fails with a message naming the field.
 * Unknown fields are ignored, as a real backend ignores extra parameters (the common params
 * travel with every call).
 */
const requestsDir = fileURLToPath(new URL('./requests/', import.meta.url));

// Built on the first sandbox request, not at import: the Ajv instance, its meta-schema check and the
// request schemas cost several MB a server that never sees a sandbox call (production) should not carry.
let schemas: { ajv: Ajv2020; ids: Map<string, string> } | undefined;
function requestSchemas() {
  if (schemas) return schemas;
  const ajv = new Ajv2020({ coerceTypes: true, allErrors: false, strict: true, verbose: true, $data: false });
  const ids = new Map<string, string>();
  for (const name of readdirSync(requestsDir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(requestsDir + name, 'utf8')) as { $id: string };
    ajv.addSchema(schema);
    ids.set(name.replace(/\.json$/, ''), schema.$id);
  }
  return (schemas = { ajv, ids });
}
const compiled = new Map<string, ValidateFunction>();

function validatorFor(ref: string): ValidateFunction {
  let fn = compiled.get(ref);
  if (fn) return fn;
  const { ajv, ids } = requestSchemas();
  const [area, endpoint] = ref.split('#');
  const id = ids.get(area);
  fn = id ? ajv.getSchema(`${id}#/$defs/${endpoint}`) : undefined;
  if (!fn) throw new Error(`sandbox: no request schema '${ref}' in config-server/sandbox/requests/`);
  compiled.set(ref, fn);
  return fn;
}

function fieldOf(e: ErrorObject): string {
  if (e.keyword === 'required') return String(e.params.missingProperty);
  return e.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(body)';
}

/** A message a user or developer can act on: names the field and says what is wrong. */
export function describeError(e: ErrorObject, schemaMessage?: string): string {
  const field = fieldOf(e);
  if (e.keyword === 'required') return `${field} is required`;
  if (schemaMessage) return `${field}: ${schemaMessage}`;
  if (e.keyword === 'enum') return `${field} must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`;
  if (e.keyword === 'pattern') return `${field} has an invalid format`;
  return `${field} ${e.message ?? 'is invalid'}`;
}

/**
 * Real clients send an optional number they do not have as an empty string (`orderId=` on problem-init):
 * that means absent, not invalid. Required fields keep '' so the message says they are missing.
 */
function dropEmptyOptionalNumbers(schema: unknown, data: Record<string, unknown>): void {
  const s = schema as { properties?: Record<string, { type?: unknown }>; required?: string[] } | undefined;
  for (const [name, prop] of Object.entries(s?.properties ?? {})) {
    const numeric = prop.type === 'integer' || prop.type === 'number';
    if (numeric && data[name] === '' && !s?.required?.includes(name)) delete data[name];
  }
}

/**
 * Validates (and coerces) a copy of `input`; returns it typed, or throws the sandbox's 400 error.
 * A schema may give a field an `errorMessage`-like hint via its `description` starting with "Rule: ".
 */
export function validateRequest<T>(ref: string, input: Record<string, unknown>): T {
  const data = { ...input };
  const fn = validatorFor(ref);
  dropEmptyOptionalNumbers(fn.schema, data);
  if (fn(data)) return data as T;
  const e = fn.errors![0];
  const hint = (e.parentSchema as { description?: string } | undefined)?.description;
  throw invalid(describeError(e, hint?.startsWith('Rule: ') ? hint.slice(6) : undefined));
}
