/**
 * ../baseline/api.ts with fetch instead of axios (same params, headers and envelope rule): the plain
 * page's whole API layer.
 */
const COMMON = ['deviceId', 'market', 'version', 'token', 'type', 'deviceName', 'osVersion', 'gid', 'platform'];
const HEADERS: Record<string, string> = {
  token: 'X-Token',
  deviceId: 'X-Device-Id',
  version: 'X-Version',
  market: 'X-Market',
};

export function pageQuery(): URLSearchParams {
  const hashQuery = window.location.hash.split('?')[1] ?? '';
  return new URLSearchParams(hashQuery || window.location.search);
}

const query = pageQuery();
const common = new URLSearchParams();
for (const k of COMMON) if (query.has(k)) common.set(k, query.get(k)!);
const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
for (const [q, h] of Object.entries(HEADERS)) if (query.has(q)) headers[h] = query.get(q)!;

export interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
}

export async function postForm<T>(path: string, body: Record<string, string | number> = {}): Promise<T> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) form.append(k, String(v));
  const res = await fetch(`/sandbox${path}?${common}`, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(60000),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0 && env.code !== '00') throw new Error(env.message);
  return env.data;
}

/** A GET call with its params and the common params in the query (the landing page's calls). */
export async function getQuery<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const q = new URLSearchParams(params);
  for (const [k, v] of common) q.set(k, v);
  const res = await fetch(`/sandbox${path}?${q}`, { headers, signal: AbortSignal.timeout(60000) });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 0 && env.code !== '00') throw new Error(env.message);
  return env.data;
}
