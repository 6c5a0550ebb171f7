import { describe, expect, it } from 'vitest';
import { matchRoute } from './match-route.js';
import { jsonDepth } from './json-body.js';

const routes = [
  { path: '/', screen: 'landing' },
  { path: '/complaintList', screen: 'list', exact: true },
  { path: '/borrowDetail/:orderId', screen: 'detail' },
  { path: '/Policy', screen: 'policy' },
];

describe('matchRoute', () => {
  it('matches exact, parameter, case-insensitive and deeper non-exact paths, in order', () => {
    expect(matchRoute(routes, '/')?.screen).toBe('landing');
    expect(matchRoute(routes, '/complaintList')?.screen).toBe('list');
    expect(matchRoute(routes, '/complaintlist/')?.screen).toBe('list');
    expect(matchRoute(routes, '/complaintList/extra')).toBeUndefined();
    expect(matchRoute(routes, '/borrowDetail/42')?.screen).toBe('detail');
    expect(matchRoute(routes, '/borrowDetail')).toBeUndefined();
    expect(matchRoute(routes, '/Policy/section-2')?.screen).toBe('policy');
    expect(matchRoute(routes, '/unknown')).toBeUndefined();
  });
});

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('"[[[[[[["')).toBe(0);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
  });
});
