import { describe, expect, it } from 'vitest';
import { matchRoute } from './match-route.js';
import { tooDeepAt } from '../http/json-body.js';

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

describe('tooDeepAt', () => {
  it('counts nesting outside strings only', () => {
    expect(tooDeepAt('{"a":[1,{"b":2}]}', 3)).toBeNull();
    expect(tooDeepAt('{"a":[1,{"b":2}]}', 2)).toBe('/a/1');
    expect(tooDeepAt('"[[[[[[["', 0)).toBeNull();
    expect(tooDeepAt('{"a":"\\"[[[["}', 1)).toBeNull();
  });
  it('names the JSON pointer where the document first nests too deep', () => {
    expect(tooDeepAt('{"body":[{"x":1},{"children":[{"children":[[]]}]}]}', 4)).toBe('/body/1/children/0');
    expect(tooDeepAt('{"a/b":{"c~d":{}}}', 2)).toBe('/a~1b/c~0d');
  });
});
