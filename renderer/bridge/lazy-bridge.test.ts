import { describe, expect, it, vi } from 'vitest';
import type { BridgeMapDocument } from '../../schemas/generated/types';
import { BRIDGE_EVENT, type BridgeEventDetail } from './create-bridge';
import { lazyBridge, warmBridge } from './lazy-bridge';

const bridgeMap: BridgeMapDocument = {
  kind: 'bridge-map',
  id: 'default',
  schemaVersion: 1,
  androidInterface: 'android',
  messages: {
    rate: { ios: 'rate', android: 'rate', fallback: 'log', description: 'd' },
    openUrl: { ios: 'openUrl', android: 'openUrl', fallback: 'log', description: 'd' },
  },
};

function fakeWin(extra: Record<string, unknown> = {}) {
  const win = Object.assign(new EventTarget(), { document, ...extra });
  const events: BridgeEventDetail[] = [];
  win.addEventListener(BRIDGE_EVENT, (e) => events.push((e as CustomEvent<BridgeEventDetail>).detail));
  return { win: win as unknown as Window, events };
}

describe('the bridge without its code on the first load', () => {
  it('sends what was sent before its code came, in order, once it comes', async () => {
    const rate = vi.fn();
    const { win, events } = fakeWin({ android: { rate } });
    const bridge = lazyBridge({ bridgeMap, win, goHome: vi.fn(), logError: vi.fn() });
    bridge.send('rate', { score: 4 });
    bridge.send('rate', { score: 5 });
    await warmBridge();
    await Promise.resolve();
    expect(rate.mock.calls).toEqual([['{"score":4}'], ['{"score":5}']]);
    expect(events.map((e) => e.via)).toEqual(['android', 'android']);
  });

  it('says what the shell provides once its code is here (a widget that asks loads it first)', async () => {
    const { win } = fakeWin({ android: { openUrl: vi.fn() } });
    await warmBridge();
    const bridge = lazyBridge({ bridgeMap, win, goHome: vi.fn(), logError: vi.fn() });
    expect(bridge.provides?.('openUrl')).toBe(true);
    expect(bridge.provides?.('rate')).toBe(false);
  });
});
