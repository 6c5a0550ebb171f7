import { describe, expect, it } from 'vitest';
import { addPassByRoutes, passByRoutes, type RouterRule, type RoutingInstallEvent } from './pass-by-routes';

/** An install event whose `addRoutes` answers each rule with `answer` (the browser's routing is tested in e2e). */
function installEvent(answer: (rule: RouterRule) => Promise<void>) {
  const added: RouterRule[] = [];
  const event = {
    waitUntil: () => {},
    addRoutes: (rule: RouterRule) => {
      const result = answer(rule);
      added.push(rule);
      return result;
    },
  } as unknown as RoutingInstallEvent;
  return { event, added };
}

describe('requests that pass the worker by', () => {
  it('are the config API, the sandbox and every other host, each its own rule', () => {
    const { event, added } = installEvent(() => Promise.resolve());
    addPassByRoutes(event, 'app.example.id');
    expect(added.map((r) => r.condition)).toEqual([
      { urlPattern: { pathname: '/config/*' } },
      { urlPattern: { pathname: '/sandbox/*' } },
      { not: { urlPattern: { hostname: 'app.example.id' } } },
    ]);
    expect(added.every((r) => r.source === 'network')).toBe(true);
  });

  it('name a host with pattern characters literally (an IPv6 address)', () => {
    expect(passByRoutes('[::1]')[2].condition).toEqual({ not: { urlPattern: { hostname: '\\[\\:\\:1\\]' } } });
  });

  it('survive a browser refusing one rule, at once or later, and never fail the install', async () => {
    const { event, added } = installEvent((rule) => {
      if (rule.condition.not) throw new TypeError('not: unsupported condition');
      if (rule.condition.urlPattern?.pathname === '/sandbox/*') return Promise.reject(new TypeError('refused'));
      return Promise.resolve();
    });
    expect(() => addPassByRoutes(event, 'app.example.id')).not.toThrow();
    expect(added.map((r) => r.condition.urlPattern?.pathname)).toEqual(['/config/*', '/sandbox/*']);
    await new Promise((r) => setTimeout(r, 0));
  });

  it('change nothing where the browser has no static routes', () => {
    expect(() => addPassByRoutes({ waitUntil: () => {} } as unknown as RoutingInstallEvent, 'x')).not.toThrow();
  });
});
