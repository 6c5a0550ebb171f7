import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEACON_URL, sendBeacon } from './send-beacon';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const beaconStub = (impl: (url: string, data: Blob) => boolean) => {
  const calls: [string, Blob][] = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => (calls.push([url, data]), impl(url, data)),
  });
  return calls;
};

describe('sending a beacon', () => {
  it('hands a JSON blob to navigator.sendBeacon at /config/v1/beacon', async () => {
    const calls = beaconStub(() => true);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    sendBeacon('{"v":1}');
    expect(BEACON_URL).toBe('/config/v1/beacon');
    expect(calls[0][0]).toBe('/config/v1/beacon');
    expect(calls[0][1].type).toBe('application/json');
    expect(await calls[0][1].text()).toBe('{"v":1}');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when sendBeacon refuses or is missing', () => {
    beaconStub(() => false);
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    sendBeacon('{"v":1}');
    expect(fetch).toHaveBeenCalledWith(
      '/config/v1/beacon',
      expect.objectContaining({
        method: 'POST',
        body: '{"v":1}',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined });
    sendBeacon('{"v":2}');
    expect(fetch).toHaveBeenCalledTimes(2);
    // An older webview throws on a JSON blob instead of refusing it: the beacon still goes.
    beaconStub(() => {
      throw new TypeError('sendBeacon() with a Blob whose type is not CORS-safelisted is disallowed');
    });
    sendBeacon('{"v":3}');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(fetch).toHaveBeenLastCalledWith('/config/v1/beacon', expect.objectContaining({ body: '{"v":3}' }));
  });

  it('never lets a failure reach the page: a throwing sendBeacon, a rejected fetch', async () => {
    beaconStub(() => {
      throw new TypeError('too large');
    });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(() => sendBeacon('{}')).not.toThrow();
    beaconStub(() => false);
    expect(() => sendBeacon('{}')).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
