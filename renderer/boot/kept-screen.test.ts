import { describe, expect, it } from 'vitest';
import type { RouteMapDocument } from '../../schemas/generated/types';
import { writeCached } from './config-cache';
import { screenKept } from './kept-screen';

const map = {
  kind: 'route-map',
  id: 'default',
  schemaVersion: 1,
  notFound: 'not-found',
  routes: [
    { path: '/complaint', screen: 'complaint-entry' },
    { path: '/individual', screen: 'choose-pay-type' },
    { path: '/docs', screen: 'docs', exact: false },
  ],
} as unknown as RouteMapDocument;

describe('screenKept', () => {
  it('says whether the screen a path opens is the phone’s last good copy, query and params aside', () => {
    writeCached('screen:complaint-entry', { etag: '"1"', body: {} });
    writeCached('screen:docs', { etag: '"2"', body: {} });
    expect(screenKept(map, '/complaint?token=t&market=ID')).toBe(true);
    expect(screenKept(map, '/individual?amount=400000')).toBe(false);
    expect(screenKept(map, '/docs/a/b')).toBe(true);
    // An unknown path opens the not-found screen: kept only if that is.
    expect(screenKept(map, '/nowhere')).toBe(false);
    writeCached('screen:not-found', { etag: '"3"', body: {} });
    expect(screenKept(map, '/nowhere')).toBe(true);
  });
});
