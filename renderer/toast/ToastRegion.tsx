import { useSyncExternalStore } from 'react';
import { toastStore as globalStore, type ToastStore } from './toast-store';

/**
 * The one live region of the page. It is always in the DOM (screen readers only announce
 * changes to regions that already exist); the bubble inside appears and disappears.
 */
const noToast = () => null;

export function ToastRegion({ store = globalStore }: { store?: ToastStore }) {
  // The server never has a toast: a page hydrating while one is already up (a boot call failed fast) first
  // matches the server's empty region, then shows it.
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot, noToast);
  return (
    <div className="sdui-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.id} className="sdui-toast">
          {toast.message}
        </div>
      )}
    </div>
  );
}
