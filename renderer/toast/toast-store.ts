import { DEFAULT_TOAST_LIMITS, type ToastLimits } from '../core/market/market-reads';

/** Durations come from the market document (limits.toast*), set at boot; the product's defaults until then. */
let limits: ToastLimits = DEFAULT_TOAST_LIMITS;

export function configureToasts(next: ToastLimits): void {
  limits = next;
}

/** How long app toasts (server messages, network failures, validation) show: the market's appToastMs. */
export const appToastMs = () => limits.appMs;

/** An absent or too short (under the market's toastMinMs) duration shows the market's toastDefaultMs. */
export const toastDuration = (ms?: number) =>
  typeof ms !== 'number' || !Number.isFinite(ms) || ms < limits.minMs ? limits.defaultMs : ms;

export interface ToastState {
  id: number;
  message: string;
}

/** One global toast: a newer message replaces the current one. */
export function createToastStore() {
  let current: ToastState | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    show(message: string, ms?: number) {
      if (!message) return;
      clearTimeout(timer);
      current = { id: ++seq, message };
      emit();
      timer = setTimeout(() => {
        current = null;
        emit();
      }, toastDuration(ms));
    },
    getSnapshot: () => current,
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The page's toast. */
export const toastStore = createToastStore();
