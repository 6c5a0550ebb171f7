/**
 * The hand-written page's API layer, as the original app had it: one axios client posting
 * form-urlencoded bodies, common params in the query, marker headers, 60 s timeout.
 */
import axios from 'axios';

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
const common: Record<string, string> = {};
for (const k of COMMON) if (query.has(k)) common[k] = query.get(k)!;
const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
for (const [q, h] of Object.entries(HEADERS)) if (query.has(q)) headers[h] = query.get(q)!;

const client = axios.create({ baseURL: '/sandbox', timeout: 60000, headers });

export interface Envelope<T> {
  code: number | string;
  message: string;
  data: T;
}

export async function postForm<T>(path: string, body: Record<string, string | number> = {}): Promise<T> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) form.append(k, String(v));
  const res = await client.post<Envelope<T>>(path, form, { params: common });
  if (res.data.code !== 0 && res.data.code !== '00') throw new Error(res.data.message);
  return res.data.data;
}
