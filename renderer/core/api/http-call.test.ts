import type { AxiosAdapter } from 'axios';
import axios from 'axios';
import { describe, expect, it } from 'vitest';
import type { ApiMapDocument } from '../../../schemas/generated/types';
import { createApiClient } from '../../api/api-client';
import { httpCall } from './http-call';

const apiMap = {
  baseUrl: '/sandbox/',
  timeoutMs: 5000,
  headers: { 'X-App': 'h5' },
  commonParams: [
    { name: 'token', query: 'token' },
    { name: 'market', query: 'market' },
  ],
  headersFromQuery: [{ query: 'token', header: 'X-Token' }],
  endpoints: {
    form: { method: 'POST', path: '/a/form', encoding: 'form', successCode: '00', fixedParams: { kind: 2 } },
    get: { method: 'GET', path: '/a/get', encoding: 'query', successCode: 0 },
    json: { method: 'POST', path: '/a/json', encoding: 'json', successCode: 0 },
  },
} as unknown as ApiMapDocument;
const query = { token: 't1', market: 'ID', other: 'x' };

/** What the app's axios client sends for a call: URL, method, body and headers. */
async function appSends(endpoint: string, params: Record<string, unknown>) {
  let sent: { url: string; method: string; body?: string; headers: Record<string, string> } | undefined;
  const capture: AxiosAdapter = async (config) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(config.headers?.toJSON?.() ?? {})) if (typeof v === 'string') headers[k] = v;
    const body = config.data === undefined ? undefined : String(config.data);
    sent = {
      url: axios.getUri(config),
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      ...(body !== undefined ? { body } : {}),
    };
    return { data: '{"code":0}', status: 200, statusText: '', headers: {}, config, request: null };
  };
  await createApiClient({ apiMap, query, toast: () => {}, t: (k) => k, logError: () => {}, adapter: capture }).call(
    endpoint,
    params,
  );
  return sent!;
}

describe('the server sends what the app would (no axios on the server)', () => {
  for (const [name, params] of [
    ['form', { orderId: '7', note: 'a b' }],
    ['get', { templateId: 'default' }],
    ['json', { ids: [1, 2] }],
  ] as const) {
    it(`${name}: same URL, method, body and marker headers`, async () => {
      const app = await appSends(name, params);
      const server = httpCall(apiMap, query, apiMap.endpoints[name]!, params)!;
      expect(server.url).toBe(app.url);
      expect(server.method).toBe(app.method);
      expect(server.body).toBe(app.body);
      for (const h of ['X-Requested-With', 'X-App', 'X-Token']) expect(server.headers[h]).toBe(app.headers[h]);
      expect(server.headers['Content-Type'] ?? null).toBe(app.headers['Content-Type'] ?? null);
    });
  }
});
