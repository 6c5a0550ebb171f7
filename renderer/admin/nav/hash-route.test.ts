import { describe, expect, it } from 'vitest';
import { formatHash, parseHash, type ConsoleRoute } from './hash-route';

describe('hash route', () => {
  it('round-trips every page', () => {
    const routes: ConsoleRoute[] = [
      { page: 'home' },
      { page: 'copy' },
      { page: 'copy', key: 'complaint.title' },
      { page: 'doc', kind: 'screen', id: 'complain-new-page' },
      { page: 'landing' },
      { page: 'review' },
      { page: 'releases' },
      { page: 'experiment', id: 'r-2026 11' },
      { page: 'audit' },
      { page: 'sessions' },
    ];
    for (const r of routes) expect(parseHash(formatHash(r))).toEqual(r);
  });

  it('reads garbage as home', () => {
    expect(parseHash('')).toEqual({ page: 'home' });
    expect(parseHash('#/nothing')).toEqual({ page: 'home' });
    expect(parseHash('#/doc/screen')).toEqual({ page: 'home' });
    expect(parseHash('#/doc/%E0%A4%A/x')).toEqual({ page: 'doc', kind: '%E0%A4%A', id: 'x' });
  });
});
