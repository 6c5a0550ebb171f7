import type { BridgeMapDocument } from '../../schemas/generated/types';
import type { Bridge } from '../runtime/contract';

export type BridgeVia = 'ios' | 'android' | 'browser';
export interface BridgeEventDetail {
  name: string;
  payload: Record<string, unknown>;
  via: BridgeVia;
}

/** Every message sent is announced as this window event (tests and the dev log listen). */
export const BRIDGE_EVENT = 'sdui:bridge';

interface BridgeOptions {
  bridgeMap: BridgeMapDocument;
  win?: Window;
  /** The route map's home, for the `home` fallback. */
  goHome(): void;
  logError(message: string, detail?: unknown): void;
  /** Show a visible log of messages on the page (dev mode, `?debug=1`). */
  dev?: boolean;
}

type Loose = Record<string, any>;

/** Native bridge: iOS message handlers, the Android JS interface, or a browser fallback per message. */
export function createBridge(opts: BridgeOptions): Bridge {
  const win = opts.win ?? window;
  const { bridgeMap } = opts;

  const fallback = (kind: string, payload: Record<string, unknown>) => {
    switch (kind) {
      case 'tel': {
        const phone = String(payload.phone ?? payload.telephone ?? '').replace(/[^0-9+*#]/g, '');
        if (phone) win.location.href = `tel:${phone}`;
        else opts.logError('bridge callPhone: no phone in payload');
        return;
      }
      case 'close':
        win.close();
        // Scripts may only close windows they opened; a webview-less tab goes back instead.
        if (!win.closed) win.history.back();
        return;
      case 'back':
        win.history.back();
        return;
      case 'home':
        opts.goHome();
        return;
      default:
        return;
    }
  };

  return {
    provides(name) {
      const spec = Object.hasOwn(bridgeMap.messages, name) ? bridgeMap.messages[name] : undefined;
      if (!spec) return false;
      const ios = (win as Loose).webkit?.messageHandlers?.[spec.ios];
      const android = (win as Loose)[bridgeMap.androidInterface];
      return (
        (!!ios && typeof ios.postMessage === 'function') || (!!android && typeof android[spec.android] === 'function')
      );
    },
    send(name, payload = {}) {
      const spec = Object.hasOwn(bridgeMap.messages, name) ? bridgeMap.messages[name] : undefined;
      if (!spec) {
        opts.logError(`unknown bridge message "${name}": add it to the bridge map`);
        return;
      }
      let via: BridgeVia = 'browser';
      try {
        const ios = (win as Loose).webkit?.messageHandlers?.[spec.ios];
        const android = (win as Loose)[bridgeMap.androidInterface];
        if (ios && typeof ios.postMessage === 'function') {
          via = 'ios';
          ios.postMessage(payload);
        } else if (android && typeof android[spec.android] === 'function') {
          via = 'android';
          android[spec.android](JSON.stringify(payload));
        } else {
          fallback(spec.fallback, payload);
        }
      } catch (e) {
        opts.logError(`bridge ${name} failed: ${(e as Error)?.message ?? e}`);
      }
      const detail: BridgeEventDetail = { name, payload, via };
      win.dispatchEvent(new CustomEvent(BRIDGE_EVENT, { detail }));
      if (opts.dev) appendDevLog(win.document, detail);
    },
  };
}

/** A small on-page log so a developer in a plain browser sees what the native side would receive. */
function appendDevLog(doc: Document, d: BridgeEventDetail) {
  let box = doc.getElementById('sdui-bridge-log');
  if (!box) {
    box = doc.createElement('div');
    box.id = 'sdui-bridge-log';
    box.setAttribute('role', 'log');
    box.setAttribute('aria-label', 'Native bridge log');
    box.style.cssText =
      'position:fixed;left:0;right:0;bottom:0;max-height:30vh;overflow:auto;font:12px monospace;background:#111c;color:#9f9;padding:4px;z-index:9999';
    doc.body.appendChild(box);
  }
  const line = doc.createElement('div');
  line.textContent = `bridge ${d.name} via ${d.via} ${JSON.stringify(d.payload)}`;
  box.appendChild(line);
}
