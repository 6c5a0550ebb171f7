/** App toasts (server messages, validation) show 2 s; an absent or < 300 ms duration shows 3 s. */
export const APP_TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 3000;
const MIN_TOAST_MS = 300;

export const toastDuration = (ms?: number) => (typeof ms !== 'number' || !Number.isFinite(ms) || ms < MIN_TOAST_MS ? DEFAULT_TOAST_MS : ms);

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
    hide() {
      clearTimeout(timer);
      current = null;
      emit();
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
