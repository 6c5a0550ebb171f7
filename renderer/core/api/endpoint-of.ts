import type { ApiMapDocument, Endpoint } from '../../../schemas/generated/types';

/**
 * An endpoint of the API map by name, never one of Object's own keys. Apart from the call rules: the first-call planner
 * needs it on the first load, and the rules bring the answer reader, which loads after the first screen.
 */
export const endpointOf = (apiMap: ApiMapDocument, name: string): Endpoint | undefined =>
  Object.hasOwn(apiMap.endpoints, name) ? apiMap.endpoints[name] : undefined;
