import { useEffect, useState, useSyncExternalStore } from 'react';
import { pendingCalls } from './pending-calls';

/** Shown only when a call takes longer than this: fast answers never flash it. */
export const LOADING_DELAY_MS = 600;

/**
 * The spec's loading indicator ('loading...') while an API call is slow, e.g. a backend that takes tens of
 * seconds on a bad mobile link; it goes away when the last call answers or times out.
 */
export function LoadingIndicator({ text, store = pendingCalls }: { text: string; store?: typeof pendingCalls }) {
  const pending = useSyncExternalStore(store.subscribe, store.getSnapshot, () => 0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending > 0]);
  return (
    <div className="sdui-loading-region" role="status" aria-live="polite">
      {visible && <p className="sdui-loading-indicator">{text}</p>}
    </div>
  );
}
