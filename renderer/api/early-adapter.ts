import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

/** A call the page started before the bundle ran (public/early-call.js), as the server described it. */
export interface EarlyRequest {
  url: string;
  method: string;
  body?: string;
}

/**
 * An axios adapter that answers the one request the page already sent with that request's answer, instead
 * of sending it again; any other request (or a second one) goes to the network as usual. A failed early
 * call fails like a network error would.
 */
export function earlyAdapter(expected: EarlyRequest, answer: Promise<{ status: number; text: string }>): AxiosAdapter {
  const network = axios.getAdapter(axios.defaults.adapter);
  let used = false;
  return async (config) => {
    const same =
      !used &&
      axios.getUri(config) === expected.url &&
      (config.method ?? 'get').toUpperCase() === expected.method &&
      (typeof config.data === 'string' ? config.data : undefined) === expected.body;
    if (!same) return network(config);
    used = true;
    const r = await withinTimeout(answer, config);
    return { data: r.text, status: r.status, statusText: '', headers: {}, config, request: null };
  };
}


/**
 * The early call was sent without the API map's timeout (the page did not have it yet): the request that
 * claims it still gives up after its own timeout, as a request sent now would.
 */
function withinTimeout<T>(answer: Promise<T>, config: InternalAxiosRequestConfig): Promise<T> {
  const ms = config.timeout ?? 0;
  if (!(ms > 0)) return answer;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AxiosError(`timeout of ${ms}ms exceeded`, AxiosError.ECONNABORTED, config)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
