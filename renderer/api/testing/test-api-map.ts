/** Tests' API map: a POST form endpoint per name, made by the server or the browser (`firstCall.by`). */
import type { ApiMapDocument } from '../../../schemas/generated/types';

export const testEndpoint = (path: string, by: 'server' | 'browser') =>
  ({
    method: 'POST',
    path,
    encoding: 'form',
    successCode: '00',
    onFailure: 'toast',
    firstCall: { by, why: 'a client test fixture' },
    description: 'd',
  }) as const;

/** The sandbox's API map with only `endpoints`, the token as its one common param. */
export const testApiMap = (endpoints: ApiMapDocument['endpoints']): ApiMapDocument => ({
  kind: 'api-map',
  id: 'default',
  schemaVersion: 1,
  baseUrl: '/sandbox',
  timeoutMs: 60000,
  commonParams: [{ name: 'token', query: 'token' }],
  headersFromQuery: [],
  endpoints,
});
