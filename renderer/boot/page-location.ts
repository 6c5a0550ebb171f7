/**
 * Where the page is: both `/complaintList?x=1` and `/#/complaintList?x=1` mean the same screen;
 * a `#/...` hash wins when present. Query params of both parts are merged (the hash's win).
 */
export interface PageLocation {
  path: string;
  query: Record<string, string>;
  hashRouting: boolean;
}

export function readQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  new URLSearchParams(search).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

export function readPageLocation(loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): PageLocation {
  const outer = readQuery(loc.search);
  if (loc.hash.startsWith('#/')) {
    const [path, search = ''] = loc.hash.slice(1).split('?');
    return { path: path || '/', query: { ...outer, ...readQuery(search) }, hashRouting: true };
  }
  return { path: loc.pathname || '/', query: outer, hashRouting: false };
}
