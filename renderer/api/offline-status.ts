/**
 * Whether the page is offline, and the fetch time of the oldest kept answer the screen on show was opened with.
 * The API layer writes it, the offline notice (OfflineNotice.tsx) reads it. A navigation clears the time.
 */
export interface OfflineSnapshot {
  offline: boolean;
  /** Epoch ms of the oldest kept answer shown on this screen, if any. */
  asOf: number | null;
}

const ONLINE: OfflineSnapshot = { offline: false, asOf: null };
let snap: OfflineSnapshot = ONLINE;
const listeners = new Set<() => void>();
const set = (next: OfflineSnapshot) => {
  if (next.offline === snap.offline && next.asOf === snap.asOf) return;
  snap = next;
  listeners.forEach((l) => l());
};

/** The browser says it has no connection (an iOS or Android webview says so too). */
export const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let watching = false;
const watch = () => {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => set({ ...snap, offline: false }));
  window.addEventListener('offline', () => set({ ...snap, offline: true }));
};

export const offlineStatus = {
  /** A call found no connection. */
  noConnection: () => set({ ...snap, offline: true }),
  /** A call was answered from the phone: its fetch time. */
  showedKept: (at: number) => set({ offline: snap.offline || browserOffline(), asOf: Math.min(at, snap.asOf ?? at) }),
  /** A new screen: its data is its own. */
  navigated: () => set({ offline: browserOffline(), asOf: null }),
  getSnapshot: () => snap,
  getServerSnapshot: () => ONLINE,
  subscribe(listener: () => void) {
    watch();
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
