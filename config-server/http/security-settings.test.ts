import { describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from './security-settings.js';

describe('TRUST_PROXY', () => {
  it('takes nothing, a hop count, or addresses and subnets', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'off' })).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '1' })).toBe(1);
    expect(trustProxyFromEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' })).toBe('10.0.0.0/8, loopback');
  });

  it('refuses true (every hop trusted: any client picks its own address), naming the setting and what to use', () => {
    for (const v of ['true', 'TRUE', 'on', 'yes']) {
      expect(() => trustProxyFromEnv({ TRUST_PROXY: v }), v).toThrow(
        /TRUST_PROXY=.*trusts every hop.*X-Forwarded-For.*hop count \(1\).*addresses/,
      );
    }
  });
});
