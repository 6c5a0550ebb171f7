import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';

/**
 * An endpoint of the API map by name, never one of Object's own keys. Apart from the call rules: the first-call planner
 * needs it on the first load, and the rules bring the answer reader, which loads after the first screen.
 */
export const endpointOf = (apiMap: ApiMapDocument, name: string): Endpoint | undefined =>
  Object.hasOwn(apiMap.endpoints, name) ? apiMap.endpoints[name] : undefined;

/**
 * An endpoint the API map lets the server make itself (`firstCall.by: "server"`, a read that changes nothing);
 * undefined otherwise. Anything else, a map published before `firstCall` existed included, stays in the browser.
 */
export const serverEndpoint = (apiMap: ApiMapDocument, name: string): Endpoint | undefined => {
  const ep = endpointOf(apiMap, name);
  return ep?.firstCall?.by === 'server' ? ep : undefined;
};
