import type { AxiosAdapter, AxiosInstance } from 'axios';
import type { ApiMapDocument } from '../../schemas/generated/types';
import { markerHeaders } from '../core/api/call-rules';

export interface HttpClients {
  /** Query string / JSON body calls. */
  json: AxiosInstance;
  /** application/x-www-form-urlencoded bodies (the backend's second client). */
  form: AxiosInstance;
}

/**
 * The two axios clients the backend expects: same base URL, timeout and marker headers; the second form-encodes.
 * axios is loaded with the app's first own call, not with the page: a drawn page's first data came with it (the
 * server made that call), so most first screens never need it (14 KB gzip off the first load). A failed
 * download fails that call like a network error, and the next call tries again.
 */
export function lazyHttpClients(
  apiMap: ApiMapDocument,
  query: Record<string, string>,
  adapter?: AxiosAdapter,
): () => Promise<HttpClients> {
  let clients: Promise<HttpClients> | undefined;
  return () =>
    (clients ??= import('axios').then(
      ({ default: axios }) => {
        const base = {
          baseURL: apiMap.baseUrl.replace(/\/$/, ''),
          timeout: apiMap.timeoutMs,
          headers: markerHeaders(apiMap, query),
          // Envelopes come with any status; the code field decides, never the HTTP status alone.
          validateStatus: () => true,
          ...(adapter ? { adapter } : {}),
        };
        return {
          json: axios.create(base),
          form: axios.create({
            ...base,
            headers: { ...base.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
          }),
        };
      },
      (e: unknown) => {
        clients = undefined;
        throw e;
      },
    ));
}
