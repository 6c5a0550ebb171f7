/**
 * Where an API map may send borrowers' calls: every call carries the borrower's token (`X-Token`), so a
 * published map must not be able to point it anywhere but this server or an allow-listed backend.
 *
 * - `baseUrl` is a same-origin path (`/sandbox`) or names an origin on `SSR_BACKEND_ORIGINS`; nothing else (cloud
 *   metadata at 169.254.169.254, an SSH port on loopback, another company's host).
 * - Endpoint paths (and the path part of `baseUrl`) are plain: no `.`/`..` segments, also percent-encoded, no empty
 *   segment (`//`, which would make `baseUrl: ""` plus `//evil.example/x` another origin), no scheme, no backslash,
 *   so `/../admin/api/publish` cannot climb out of the base.
 *
 * Each refusal names the JSON pointer; the schema's patterns stay loose enough that this rule gives the reason.
 */
import type { DocumentError, KnownDocument } from './validation-types.js';
import { pointerToken } from '../http/json-pointer.js';

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const q = JSON.stringify;
/** A scheme (`http:`, `javascript:`) or a protocol-relative start (`//host`). */
const ABSOLUTE = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|[\\/]{2})/;

/** Why a path is not plain, or undefined when it is. `what` names it in the message. */
export function pathProblem(path: string, what: string): string | undefined {
  if (path.includes('\\')) return `${what} ${q(path)} has a backslash: use / between segments`;
  if (/[\u0000-\u0020\u007f]/.test(path)) return `${what} ${q(path)} has a space or control character`;
  if (path.includes(':') || path.includes('?') || path.includes('#'))
    return `${what} ${q(path)} has a scheme, query or fragment: an endpoint path is a plain path such as /user/info`;
  if (path === '') return undefined;
  if (!path.startsWith('/')) return `${what} ${q(path)} must start with /`;
  const segments = path.slice(1).split('/');
  for (const [i, raw] of segments.entries()) {
    // A trailing slash leaves one empty last segment, which is fine; any other empty segment is `//`.
    if (raw === '' && i < segments.length - 1)
      return `${what} ${q(path)} has an empty segment (//): remove the extra slash`;
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return `${what} ${q(path)} has a malformed percent-encoding in ${q(raw)}`;
    }
    if (seg === '.' || seg === '..')
      return `${what} ${q(path)} has a ${q(raw)} segment: paths may not climb out of the base URL; write the path in full`;
    if (seg.includes('/') || seg.includes('\\'))
      return `${what} ${q(path)} hides a slash in ${q(raw)} (percent-encoded): write the path plainly`;
  }
  return undefined;
}

function checkBaseUrl(file: string, baseUrl: unknown, allowed: readonly string[]): DocumentError[] {
  if (typeof baseUrl !== 'string') return [];
  const error = (message: string) => [{ file, pointer: '/baseUrl', message }];
  if (!ABSOLUTE.test(baseUrl)) {
    const problem = pathProblem(baseUrl, 'baseUrl');
    return problem ? error(problem) : [];
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return error(
      `baseUrl ${q(baseUrl)} is not a URL: use a same-origin path such as /sandbox or an allowed backend origin plus path`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return error(`baseUrl ${q(baseUrl)} must be http(s) or a same-origin path such as /sandbox`);
  if (url.username || url.password)
    return error(`baseUrl ${q(baseUrl)} carries credentials: a backend's credentials never go into a document`);
  if (url.search || url.hash)
    return error(`baseUrl ${q(baseUrl)} has a query or fragment: it is a prefix of paths only`);
  if (!allowed.includes(url.origin)) {
    const list = allowed.length ? `the allowed ones are ${allowed.join(', ')}` : 'none is allowed on this server';
    return error(
      `baseUrl origin ${url.origin} is not an allowed backend origin (${list}): use a same-origin path such as /sandbox, ` +
        'or add the origin to SSR_BACKEND_ORIGINS on every replica',
    );
  }
  // The origin is allowed; its path must be as plain as an endpoint's (read from the text: URL() resolves `..`).
  const rawPath = baseUrl.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '');
  const problem = pathProblem(rawPath, 'baseUrl path');
  return problem ? error(problem) : [];
}

export function checkApiMapTargets(known: KnownDocument[], backendOrigins: readonly string[] = []): DocumentError[] {
  const errors: DocumentError[] = [];
  for (const map of known.filter((k) => k.kind === 'api-map')) {
    errors.push(...checkBaseUrl(map.file, map.doc.baseUrl, backendOrigins));
    if (!isObject(map.doc.endpoints)) continue;
    for (const [name, ep] of Object.entries(map.doc.endpoints)) {
      if (!isObject(ep) || typeof ep.path !== 'string') continue;
      const problem = ABSOLUTE.test(ep.path)
        ? `endpoint path ${q(ep.path)} is a URL: an endpoint names a path under baseUrl (set the origin in baseUrl)`
        : pathProblem(ep.path, 'endpoint path');
      if (problem || ep.path === '') {
        errors.push({
          file: map.file,
          pointer: `/endpoints/${pointerToken(name)}/path`,
          message: problem ?? 'endpoint path is empty: start it with /',
        });
      }
    }
  }
  return errors;
}

/**
 * At start: what a published API map names that this server's settings no longer allow (published before the rule,
 * or `SSR_BACKEND_ORIGINS` changed since). Its calls fail (CSP in the browser, the allow-list on the server) until
 * a fixed map is published, so the start says so instead of leaving ops to find out from borrowers.
 */
export function publishedApiMapWarnings(
  published: { kind: string; id: string; file: string; content: unknown }[],
  backendOrigins: readonly string[],
): string[] {
  const maps = published
    .filter((v) => v.kind === 'api-map' && isObject(v.content))
    .map((v) => ({ file: v.file, kind: v.kind, id: v.id, doc: v.content as Record<string, unknown>, valid: true }));
  return checkApiMapTargets(maps, backendOrigins).map(
    (e) => `warning: published ${e.file}#${e.pointer}: ${e.message}. Its calls fail until a fixed API map is published`,
  );
}
