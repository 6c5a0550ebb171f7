/**
 * What makes two calls the same call: endpoint, resolved params and `silent` (a silent call shows no toast, so
 * its answer must not stand in for a loud one). The planner, the server and the claim table all key by it.
 */
export const callKey = (endpoint: string, params: unknown, silent: boolean | undefined) =>
  JSON.stringify([endpoint, params ?? {}, !!silent]);
