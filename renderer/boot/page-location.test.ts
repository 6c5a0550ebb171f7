import { describe, expect, it } from 'vitest';
import { readPageLocation } from './page-location';

const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('page location', () => {
  it('history URL: path and query of the address', () => {
    expect(readPageLocation(loc('/complaintList', '?x=1&token=t'))).toEqual({
      path: '/complaintList',
      query: { x: '1', token: 't' },
      hashRouting: false,
    });
  });

  it('hash URL opens the same path; the hash wins over the pathname; both queries merge, the hash one winning', () => {
    expect(readPageLocation(loc('/', '', '#/complaintList?x=1'))).toEqual({
      path: '/complaintList',
      query: { x: '1' },
      hashRouting: true,
    });
    expect(readPageLocation(loc('/other', '?token=t&x=0', '#/complainPageNext?x=2'))).toEqual({
      path: '/complainPageNext',
      query: { token: 't', x: '2' },
      hashRouting: true,
    });
  });

  it('a plain anchor hash is not a route', () => {
    expect(readPageLocation(loc('/Policy', '', '#section-3')).path).toBe('/Policy');
  });
});
