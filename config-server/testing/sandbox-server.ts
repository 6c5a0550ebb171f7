import express from 'express';
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createSandboxRouter, type SandboxOptions } from '../sandbox/index.js';
// Every exchange is checked against the OpenAPI description.
import { checkedFetch as fetch } from '../openapi/check.js';

/**
 * The envelope of the main API; legacy calls have `code` as a string, joint calls `status`. `detail`: the
 * developer's words of a generic error code (envelope.ts), whose `message` is the borrower's copy.
 */
export interface Envelope<T = any> {
  code?: number | string;
  status?: number;
  message: string;
  detail?: string;
  data: T;
}

export interface SandboxClient {
  base: string;
  /** POST form-urlencoded `fields`, common params (with `token`) in the query. */
  post<T = any>(path: string, fields?: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
  /** GET with `fields` and common params in the query. */
  get<T = any>(path: string, fields?: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
  raw(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const commonParams = (token: string) => ({
  deviceId: 'dev-1',
  market: 'ID',
  version: '1.0.0',
  token,
  type: 'ios',
  deviceName: 'iPhone',
  osVersion: '17',
  gid: 'g1',
  platform: 'ios',
});

/**
 * `textOf` as the server wires it, from the repository's documents instead of the published ones:
 * market document (screens/markets/<market>.json) → its `textSet` → that text set's key.
 */
export function repoTextOf(): (market: string, key: string) => string | undefined {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const textSets = new Map(
    readdirSync('screens/texts')
      .map((f) => read(`screens/texts/${f}`))
      .map((t) => [t.id, t.texts as Record<string, string>]),
  );
  const markets = new Map(
    readdirSync('screens/markets')
      .map((f) => read(`screens/markets/${f}`))
      .map((m) => [m.id, m.textSet]),
  );
  return (market, key) => textSets.get(markets.get(market))?.[key];
}

/** A bare express app with only the sandbox router, on an ephemeral 127.0.0.1 port (for tests). */
export async function startSandbox(opts: Partial<SandboxOptions> = {}): Promise<SandboxClient> {
  const app = express();
  app.use('/sandbox', createSandboxRouter({ getTemplate: () => undefined, ...opts }));
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  const query = (token: string, extra: Record<string, string | number> = {}) =>
    new URLSearchParams(Object.entries({ ...commonParams(token), ...extra }).map(([k, v]) => [k, String(v)]));
  const json = async (res: Response) => {
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
  };
  return {
    base,
    post: async (path, fields = {}, token = 'test') =>
      json(
        await fetch(`${base}${path}?${query(token)}`, {
          method: 'POST',
          body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        }),
      ),
    get: async (path, fields = {}, token = 'test') => json(await fetch(`${base}${path}?${query(token, fields)}`)),
    raw: (path, init) => fetch(`${base}${path}`, init),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
