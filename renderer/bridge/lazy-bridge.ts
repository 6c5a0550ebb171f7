/**
 * The app's native bridge with its code (create-bridge.ts) in a chunk of its own, off the first load: a first screen
 * sends no native message. The code comes once the first screen shows (`warmBridge`, App.tsx), with a widget that asks
 * the shell what it provides while drawing (embedded-page: nodes/registry.ts), or at the first message. Messages sent
 * before it came are sent when it comes, in order.
 */
import type { Bridge } from '../runtime/contract';
import type { createBridge } from './create-bridge';
import { onDemand } from '../runtime/on-demand';

type Options = Parameters<typeof createBridge>[0];
const code = onDemand(() => import('./create-bridge'));

/** Loads the bridge's code (once; again after a failure). */
export const warmBridge = code.load;

export function lazyBridge(opts: Options): Bridge {
  let bridge: Bridge | undefined;
  const waiting: Parameters<Bridge['send']>[] = [];
  const now = () => {
    const module = code.now();
    if (!bridge && module) {
      bridge = module.createBridge(opts);
      for (const m of waiting.splice(0)) bridge.send(...m);
    }
    return bridge;
  };
  return {
    provides: (name) => now()?.provides?.(name) ?? false,
    send(...message) {
      const b = now();
      if (b) return b.send(...message);
      if (waiting.push(message) === 1) {
        void code.arrival.then(now);
        warmBridge().catch((e: unknown) => opts.logError(`bridge not loaded: ${(e as Error)?.message ?? e}`));
      }
    },
  };
}
