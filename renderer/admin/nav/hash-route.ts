/**
 * The console's place in the URL hash, so a page can be linked and Back works:
 * `#/copy?key=complaint.title`, `#/doc/screen/complaint-entry`, `#/landing`, `#/review`, `#/releases`,
 * `#/releases/<id>/results` (an experiment), `#/audit`, `#/sessions`.
 */
export type ConsoleRoute =
  | { page: 'home' }
  | { page: 'copy'; key?: string }
  | { page: 'doc'; kind: string; id: string }
  | { page: 'landing' }
  | { page: 'review' }
  | { page: 'releases' }
  | { page: 'experiment'; id: string }
  | { page: 'audit' }
  | { page: 'sessions' };

export function parseHash(hash: string): ConsoleRoute {
  const [path = '', qs = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const q = new URLSearchParams(qs);
  switch (parts[0]) {
    case 'copy':
      return q.get('key') ? { page: 'copy', key: q.get('key')! } : { page: 'copy' };
    case 'doc':
      return parts[1] && parts[2] ? { page: 'doc', kind: parts[1], id: parts[2] } : { page: 'home' };
    case 'releases':
      if (parts[1] && parts[2] === 'results') return { page: 'experiment', id: parts[1] };
      return { page: 'releases' };
    case 'landing':
    case 'review':
    case 'audit':
    case 'sessions':
      return { page: parts[0] };
    default:
      return { page: 'home' };
  }
}

export function formatHash(r: ConsoleRoute): string {
  switch (r.page) {
    case 'copy':
      return r.key ? `#/copy?key=${encodeURIComponent(r.key)}` : '#/copy';
    case 'doc':
      return `#/doc/${encodeURIComponent(r.kind)}/${encodeURIComponent(r.id)}`;
    case 'experiment':
      return `#/releases/${encodeURIComponent(r.id)}/results`;
    case 'home':
      return '#/';
    default:
      return `#/${r.page}`;
  }
}
