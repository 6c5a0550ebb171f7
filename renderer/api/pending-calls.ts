/** How many API calls are in flight on this page: the loading indicator shows while a call is slow. */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const pendingCalls = {
  begin() {
    count++;
    emit();
  },
  end() {
    count = Math.max(0, count - 1);
    emit();
  },
  getSnapshot: () => count,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
