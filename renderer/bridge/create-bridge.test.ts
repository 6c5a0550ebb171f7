import { describe, expect, it, vi } from 'vitest';
import type { BridgeMapDocument } from '../../schemas/generated/types';
import { BRIDGE_EVENT, createBridge, type BridgeEventDetail } from './create-bridge';

const bridgeMap: BridgeMapDocument = {
  kind: 'bridge-map',
  id: 'default',
  schemaVersion: 1,
  androidInterface: 'android',
  messages: {
    callPhone: { ios: 'callPhone', android: 'callPhone', fallback: 'tel', description: 'd' },
    closeWebview: { ios: 'closeWebView', android: 'closeWebView', fallback: 'close', description: 'd' },
    goHome: { ios: 'goHome', android: 'goHome', fallback: 'home', description: 'd' },
    rate: { ios: 'rate', android: 'rate', fallback: 'log', description: 'd' },
  },
};

/** A fake window: just what the bridge touches. */
function fakeWin(extra: Record<string, unknown> = {}) {
  const target = new EventTarget();
  const win = Object.assign(target, {
    location: { href: 'http://app/' },
    history: { back: vi.fn() },
    close: vi.fn(),
    closed: false,
    document,
    ...extra,
  });
  const events: BridgeEventDetail[] = [];
  win.addEventListener(BRIDGE_EVENT, (e) => events.push((e as CustomEvent<BridgeEventDetail>).detail));
  return { win: win as unknown as Window & typeof win, events };
}

describe('native bridge', () => {
  it('iOS: posts the payload object to window.webkit.messageHandlers[name]', () => {
    const postMessage = vi.fn();
    const { win, events } = fakeWin({ webkit: { messageHandlers: { closeWebView: { postMessage } } } });
    createBridge({ bridgeMap, win, goHome: vi.fn(), logError: vi.fn() }).send('closeWebview', { reason: 'agree' });
    expect(postMessage).toHaveBeenCalledWith({ reason: 'agree' });
    expect(events).toEqual([{ name: 'closeWebview', payload: { reason: 'agree' }, via: 'ios' }]);
    expect(win.close).not.toHaveBeenCalled();
  });

  it('Android: calls window[androidInterface][method] with the payload as JSON', () => {
    const rate = vi.fn();
    const { win, events } = fakeWin({ android: { rate } });
    createBridge({ bridgeMap, win, goHome: vi.fn(), logError: vi.fn() }).send('rate', { score: 5 });
    expect(rate).toHaveBeenCalledWith('{"score":5}');
    expect(events[0].via).toBe('android');
  });

  it('browser fallback: callPhone opens tel:, closeWebview closes or goes back, goHome goes home', () => {
    const { win, events } = fakeWin();
    const goHome = vi.fn();
    const bridge = createBridge({ bridgeMap, win, goHome, logError: vi.fn() });
    bridge.send('callPhone', { phone: '+62 21-555 (0)' });
    expect(win.location.href).toBe('tel:+62215550');
    bridge.send('closeWebview');
    expect(win.close).toHaveBeenCalled();
    expect(win.history.back).toHaveBeenCalled();
    bridge.send('goHome');
    expect(goHome).toHaveBeenCalled();
    expect(events.map((e) => e.via)).toEqual(['browser', 'browser', 'browser']);
  });

  it('an unknown message is logged and not sent', () => {
    const { win, events } = fakeWin();
    const logError = vi.fn();
    createBridge({ bridgeMap, win, goHome: vi.fn(), logError }).send('selfDestruct');
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('unknown bridge message "selfDestruct"'));
    expect(events).toEqual([]);
  });

  it('a throwing native handler is logged, not thrown', () => {
    const { win } = fakeWin({
      android: {
        rate: () => {
          throw new Error('native down');
        },
      },
    });
    const logError = vi.fn();
    expect(() => createBridge({ bridgeMap, win, goHome: vi.fn(), logError }).send('rate')).not.toThrow();
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('native down'));
  });

  it('dev mode shows a visible log line per message', () => {
    const { win } = fakeWin();
    createBridge({ bridgeMap, win, goHome: vi.fn(), logError: vi.fn(), dev: true }).send('rate', { score: 4 });
    expect(document.getElementById('sdui-bridge-log')?.textContent).toContain('bridge rate via browser {"score":4}');
  });
});
