import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../schemas/generated/types';
import { createRuntime } from '../runtime/create-runtime';
import { endOfYear } from '../../runtime/cookies';
import { createTestServices } from '../../runtime/testing/render-nodes';
import { runActions } from './run-actions';

const acts = (...a: unknown[]) => a as Action[];

describe('storage in a cookie', () => {
  afterEach(() => {
    document.cookie
      .split(';')
      .forEach((c) => (document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`));
  });

  it('sets a cookie read back with cookie(), and removes it', async () => {
    const { services } = createTestServices({
      state: { tag: 'spring sale/2' },
      market: { limits: { cookieExpiryYear: 9999 } },
    });
    const out = await runActions(
      acts({
        action: 'storage',
        op: 'set',
        in: 'cookie',
        key: 'utm_tag',
        value: '{{ state.tag }}',
        expiresYear: '{{ market.limits.cookieExpiryYear }}',
      }),
      services,
    );
    expect(out.ok).toBe(true);
    expect(createRuntime(services, runActions).evaluate("cookie('utm_tag')")).toBe('spring sale/2');
    expect(document.cookie).toContain('utm_tag=spring%20sale%2F2');
    await runActions(acts({ action: 'storage', op: 'remove', in: 'cookie', key: 'utm_tag' }), services);
    expect(createRuntime(services, runActions).evaluate("cookie('utm_tag')")).toBeUndefined();
  });

  it('expires at the last second of the year it is given', () => {
    expect(endOfYear(9999)).toBe('Fri, 31 Dec 9999 23:59:59 GMT');
  });

  it('keeps local storage untouched and a missing cookie reads as undefined', async () => {
    const { services } = createTestServices();
    await runActions(acts({ action: 'storage', op: 'set', in: 'cookie', key: 'only_cookie', value: 'x' }), services);
    expect(localStorage.getItem('sdui:data:only_cookie')).toBeNull();
    expect(createRuntime(services, runActions).evaluate("cookie('nope')")).toBeUndefined();
  });
});
