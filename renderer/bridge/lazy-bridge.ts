/**
 * The app's native bridge with its code (create-bridge.ts) in a chunk of its own, off the first load: a first screen
 * sends no native message. The code comes once the first screen shows (`warmBridge`, App.tsx), with a widget that asks
 * the shell what it provides while drawing (embedded-page: nodes/registry.ts), or at the first message. Messages sent
 * before it came are sent when it comes, in order.
 */
import type { Bridge } from '../runtime/contract';
import type { createBridge } from './create-bridge';

type Module = typeof import('./create-bridge');
type Options = Parameters<typeof createBridge>[0];
let module: Module | undefined;
let loading: Promise<Module> | undefined;
let arrived = () => {};
const arrival = new Promise<void>((r) => (arrived = r));

/** Loads the bridge's code (once; again after a failure). */
export function warmBridge(): Promise<Module> {
  return (loading ??= import('./create-bridge').then(
    (m) => {
      module = m;
      arrived();
      return m;
    },
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  ));
}

export function lazyBridge(opts: Options): Bridge {
  let bridge: Bridge | undefined;
  const waiting: Parameters<Bridge['send']>[] = [];
  const now = () => {
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
        void arrival.then(now);
        warmBridge().catch((e: unknown) => opts.logError(`bridge not loaded: ${(e as Error)?.message ?? e}`));
      }
    },
  };
}
