/**
 * Test helper: checks an HTTP exchange against the OpenAPI description, so the description cannot
 * drift from the code. Used through `checkedFetch` by the server's test clients (test-helpers.ts,
 * testing/sandbox-server.ts) and tests. Not imported by production code.
 *
 * Rules (each break throws, naming the operation and the JSON pointer):
 * - the operation (method + path) must be described, unless the server refused it as unknown
 *   (401 behind the admin login, 404, 405);
 * - the response status must be described for it (exact, `4XX`/`5XX` or `default`), its content type
 *   must be one described, and a JSON body must match the schema;
 * - a request the description does not allow (parameters, body) must be refused: a 4xx, or for
 *   `x-refusal: envelope` operations a failure code in the envelope. A valid request may still be
 *   refused (business rules the schema cannot say).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { openapiDocument } from './document.js';
import { pointerToken } from '../http/json-pointer.js';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { $ref: string } | { content?: Record<string, MediaType> }>;
  'x-input'?: 'query-and-body';
  'x-refusal'?: 'envelope';
}

export interface Exchange {
  method: string;
  url: string;
  requestHeaders: Headers;
  /** The body as sent: text (JSON or form), form data, or nothing. */
  requestBody?: string | URLSearchParams | FormData | null;
  status: number;
  responseHeaders: Headers;
  responseText: string;
}

const DOC_ID = 'urn:sdui:openapi';
const API_PREFIXES = ['/config/', '/admin/api/', '/sandbox/'];

interface Compiled {
  doc: { paths: Record<string, Record<string, Operation>> };
  strict: Ajv2020;
  coercing: Ajv2020;
  routes: { template: string; regex: RegExp; names: string[]; literal: number }[];
}
let compiled: Compiled | undefined;

function setup(): Compiled {
  if (compiled) return compiled;
  const doc = openapiDocument() as Compiled['doc'];
  const make = (coerce: boolean) => {
    // strict off: the document holds OpenAPI keywords (description, example, ...) around its schemas.
    const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: coerce, validateSchema: false });
    ajv.addSchema({ ...doc, $id: DOC_ID });
    return ajv;
  };
  const routes = Object.keys(doc.paths).map((template) => {
    const names: string[] = [];
    const source = template
      .replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`)
      .replace(/\\\{([^}]+)\\\}/g, (_m, n: string) => (names.push(n), '([^/]+)'));
    return { template, regex: new RegExp(`^${source}$`), names, literal: template.replace(/\{[^}]+\}/g, '').length };
  });
  // The most literal template wins (e.g. /a/b over /a/{x}).
  routes.sort((a, b) => b.literal - a.literal);
  return (compiled = { doc, strict: make(false), coercing: make(true), routes });
}

const pointer = (...parts: string[]) => '#' + parts.map((p) => '/' + pointerToken(p)).join('');

function validator(ajv: Ajv2020, at: string): ValidateFunction {
  const key = `${DOC_ID}${at}`;
  const existing = ajv.getSchema(key);
  if (existing) return existing;
  ajv.addSchema({ $ref: key }, key + '?');
  return ajv.getSchema(key + '?')!;
}

function resolve<T>(node: T | { $ref: string }): T {
  let n = node as unknown as { $ref?: string };
  for (let i = 0; i < 5 && n && typeof n.$ref === 'string'; i++) {
    let target: unknown = setup().doc;
    for (const part of n.$ref.replace(/^#?\//, '').split('/'))
      target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    n = target as { $ref?: string };
  }
  return n as unknown as T;
}

const explain = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(root)'} ${e.message}`)
    .join('; ');

/** Query/form fields as the server sees them: one value is a string, a repeated one an array. */
function fieldsOf(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

/** Optional numbers sent empty (`orderId=`) mean absent, as the sandbox reads them. */
function dropEmptyOptionalNumbers(at: string, data: Record<string, unknown>) {
  const s = resolve({ $ref: at }) as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    if ((prop.type === 'integer' || prop.type === 'number') && data[name] === '' && !s.required?.includes(name))
      delete data[name];
  }
}

function baseType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** Problems with the request per the description ([] when it is allowed). */
function requestProblems(op: Operation, at: string, x: Exchange, pathParams: Record<string, string>): string[] {
  const { strict, coercing } = setup();
  const problems: string[] = [];
  const url = new URL(x.url);
  const query: Record<string, unknown> = fieldsOf(url.searchParams);
  let body: Record<string, unknown> | undefined;
  let bodySchemaAt: string | undefined;
  const sent = x.requestBody;
  const hasBody = sent !== undefined && sent !== null && !(typeof sent === 'string' && sent === '');
  if (hasBody) {
    const type =
      sent instanceof FormData
        ? 'multipart/form-data'
        : sent instanceof URLSearchParams
          ? 'application/x-www-form-urlencoded'
          : baseType(x.requestHeaders.get('content-type'));
    const media = op.requestBody?.content[type];
    if (!media) problems.push(`body of type '${type || '(none)'}' is not described`);
    else {
      bodySchemaAt = `${at}/requestBody/content/${type.replace(/\//g, '~1')}/schema`;
      if (sent instanceof FormData) {
        body = Object.fromEntries([...sent.keys()].map((k) => [k, 'binary']));
      } else if (sent instanceof URLSearchParams || type === 'application/x-www-form-urlencoded') {
        body = fieldsOf(new URLSearchParams(String(sent)));
      } else {
        try {
          body = JSON.parse(String(sent)) as Record<string, unknown>;
        } catch {
          problems.push('body is not JSON');
        }
      }
    }
  } else if (op.requestBody?.required) problems.push('body is required');

  for (const raw of op.parameters ?? []) {
    const p = resolve<Parameter>(raw);
    const i = (op.parameters ?? []).indexOf(raw);
    const schemaAt =
      'schema' in raw && raw.schema ? `${at}/parameters/${i}/schema` : `${(raw as { $ref: string }).$ref}/schema`;
    if (p.in === 'query' && p.style === 'form' && p.explode && (resolve(p.schema ?? {}) as Schema).type !== 'string') {
      // An object spread over the query: the request schema applies to all of it (plus the body if merged).
      const merged: Record<string, unknown> = { ...query, ...(op['x-input'] === 'query-and-body' ? body : {}) };
      dropEmptyOptionalNumbers(schemaAt, merged);
      const fn = validator(coercing, schemaAt);
      if (!fn(merged)) problems.push(`query: ${explain(fn.errors)}`);
      continue;
    }
    const value =
      p.in === 'query'
        ? query[p.name]
        : p.in === 'path'
          ? pathParams[p.name]
          : p.in === 'header'
            ? (x.requestHeaders.get(p.name) ?? undefined)
            : undefined;
    if (value === undefined) {
      if (p.required) problems.push(`${p.in} parameter ${p.name} is required`);
      continue;
    }
    const fn = validator(coercing, schemaAt);
    if (!fn(value)) problems.push(`${p.in} parameter ${p.name}: ${explain(fn.errors)}`);
  }

  if (body !== undefined && bodySchemaAt) {
    const merged = op['x-input'] === 'query-and-body' ? { ...query, ...body } : body;
    // Form fields are strings on the wire; the sandbox coerces JSON fields too (its schemas describe the coerced input).
    const coerce =
      op['x-input'] === 'query-and-body' ||
      !(typeof sent === 'string') ||
      baseType(x.requestHeaders.get('content-type')) !== 'application/json';
    const fn = validator(coerce ? coercing : strict, bodySchemaAt);
    const data = structuredClone(merged);
    if (op['x-input'] === 'query-and-body') dropEmptyOptionalNumbers(bodySchemaAt, data as Record<string, unknown>);
    if (!fn(data)) problems.push(`body: ${explain(fn.errors)}`);
  } else if (
    op['x-input'] === 'query-and-body' &&
    op.requestBody &&
    !(op.parameters ?? []).some((r) => resolve<Parameter>(r).explode)
  ) {
    // A POST whose fields all came in the query.
    const media = Object.keys(op.requestBody.content).find((t) => t === 'application/x-www-form-urlencoded');
    if (media) {
      const schemaAt = `${at}/requestBody/content/${media.replace(/\//g, '~1')}/schema`;
      const fn = validator(coercing, schemaAt);
      const data = { ...query };
      dropEmptyOptionalNumbers(schemaAt, data);
      if (!fn(data)) problems.push(`query fields: ${explain(fn.errors)}`);
    }
  }
  return problems;
}

function refused(op: Operation, x: Exchange): boolean {
  if (x.status >= 400 && x.status < 500) return true;
  if (op['x-refusal'] !== 'envelope' || x.status !== 200) return false;
  try {
    const env = JSON.parse(x.responseText) as { code?: unknown; status?: unknown };
    const code = 'code' in env ? env.code : env.status;
    return code !== 0 && code !== '00';
  } catch {
    return false;
  }
}

/** Throws when the exchange is not what the description says; returns the operationId checked. */
export function checkExchange(x: Exchange): string | undefined {
  const { doc, strict } = setup();
  const url = new URL(x.url);
  const method = x.method.toLowerCase();
  let found: { template: string; op: Operation; params: Record<string, string> } | undefined;
  for (const r of setup().routes) {
    const m = r.regex.exec(url.pathname);
    const op = m && doc.paths[r.template][method];
    if (m && op) {
      found = {
        template: r.template,
        op,
        params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])),
      };
      break;
    }
  }
  const where = `${x.method} ${url.pathname} → ${x.status}`;
  // The app's pages and static files are not an API: only these prefixes are described.
  if (!found && !API_PREFIXES.some((p) => url.pathname.startsWith(p)) && !(url.pathname in doc.paths)) return undefined;
  if (!found) {
    if ([401, 404, 405].includes(x.status)) return undefined;
    throw new Error(`OpenAPI: ${where}: this operation is not described in config-server/openapi/openapi.json`);
  }
  const { op, template } = found;
  const at = pointer('paths', template, method);
  const name = `${op.operationId} (${where})`;

  const problems = requestProblems(op, at, x, found.params);
  if (problems.length && !refused(op, x)) {
    throw new Error(
      `OpenAPI: ${name}: the request is not allowed by the description but was accepted: ${problems.join('; ')}`,
    );
  }

  const status = String(x.status);
  const key = [status, `${status[0]}XX`, 'default'].find((k) => k in op.responses);
  if (!key)
    throw new Error(
      `OpenAPI: ${name}: status ${status} is not described (described: ${Object.keys(op.responses).join(', ')})`,
    );
  const response = resolve(op.responses[key]) as { content?: Record<string, MediaType> };
  const type = baseType(x.responseHeaders.get('content-type'));
  if (!response.content) {
    if (x.responseText) throw new Error(`OpenAPI: ${name}: a body came but response ${key} describes none`);
    return op.operationId;
  }
  const media = response.content[type];
  if (!media)
    throw new Error(
      `OpenAPI: ${name}: content type '${type}' is not described for ${key} (described: ${Object.keys(response.content).join(', ')})`,
    );
  if (media.schema && type === 'application/json') {
    const responseAt =
      '$ref' in op.responses[key] ? (op.responses[key] as { $ref: string }).$ref : `${at}/responses/${key}`;
    const fn = validator(strict, `${responseAt}/content/application~1json/schema`);
    let body: unknown;
    try {
      body = JSON.parse(x.responseText);
    } catch {
      throw new Error(`OpenAPI: ${name}: the response is not JSON: ${x.responseText.slice(0, 100)}`);
    }
    if (!fn(body))
      throw new Error(`OpenAPI: ${name}: the response does not match the description: ${explain(fn.errors)}`);
  }
  return op.operationId;
}

/**
 * `fetch` that checks the exchange with `checkExchange` and returns an equivalent, still unread Response.
 * Accepts what the tests pass: a URL string and an init with a string, URLSearchParams or FormData body.
 */
export async function checkedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(input, init);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const body = init.body as Exchange['requestBody'];
  const headers = new Headers(init.headers);
  if (typeof body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  checkExchange({
    method: init.method ?? 'GET',
    url: String(input),
    requestHeaders: headers,
    requestBody: body ?? undefined,
    status: res.status,
    responseHeaders: res.headers,
    responseText: text,
  });
  const copy = new Response([204, 304].includes(res.status) ? null : bytes, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  // Response does not take a URL; tests that read it (redirects) still can.
  Object.defineProperty(copy, 'url', { value: res.url });
  return copy;
}
