/** The choices the route and endpoint pickers offer, read defensively from the console's map documents. */

export interface MapOption {
  value: string;
  hint: string;
}

export function routeOptions(routeMap: unknown): MapOption[] {
  const routes = (routeMap as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return [];
  return routes
    .filter((r): r is { path: string; screen?: unknown; description?: unknown } => typeof r?.path === 'string')
    .map((r) => ({ value: r.path, hint: [r.screen, r.description].filter((x) => typeof x === 'string').join(': ') }));
}

function endpoints(apiMap: unknown): Record<string, { params?: unknown; description?: unknown }> {
  const e = (apiMap as { endpoints?: unknown } | null)?.endpoints;
  return e && typeof e === 'object' ? (e as Record<string, { params?: unknown; description?: unknown }>) : {};
}

export function endpointOptions(apiMap: unknown): MapOption[] {
  return Object.entries(endpoints(apiMap))
    .map(([name, e]) => ({ value: name, hint: typeof e?.description === 'string' ? e.description : '' }))
    .sort((a, b) => a.value.localeCompare(b.value));
}

/** The params an endpoint declares (`params` of its API map entry). */
export function declaredParams(apiMap: unknown, endpoint: unknown): string[] {
  if (typeof endpoint !== 'string') return [];
  const params = endpoints(apiMap)[endpoint]?.params;
  return Array.isArray(params) ? params.filter((p): p is string => typeof p === 'string') : [];
}
