export interface RouteLike {
  path: string;
  screen: string;
  exact?: boolean;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/**
 * The first route of the route map matching a request path, in map order, like the renderer's
 * router: `:name` matches one segment, case-insensitive, a trailing slash ignored; a route that
 * is not `exact` also matches deeper paths. `/` only matches itself.
 */
export function matchRoute<R extends RouteLike>(routes: readonly R[], path: string): R | undefined {
  const want = segments(path);
  for (const r of routes) {
    const have = segments(r.path);
    const exact = r.exact === true || have.length === 0;
    if (exact ? want.length !== have.length : want.length < have.length) continue;
    if (have.every((s, i) => s.startsWith(':') || s.toLowerCase() === want[i].toLowerCase())) return r;
  }
  return undefined;
}
