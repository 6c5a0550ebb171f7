/**
 * Bookkeeping that must not compete with the first screen: storing the last good config (schema
 * check + localStorage) and revalidating the inlined documents. On a slow phone these cost
 * ~100 ms of main thread and a 35 KB download; they start once the first screen shows its data,
 * and the main thread is idle.
 */
type Task = () => void;

/** Without a first screen (it failed, or never loads) the bookkeeping still runs after this. */
const FALLBACK_MS = 5000;
const IDLE_TIMEOUT_MS = 2000;

let shown = false;
const waiting: Task[] = [];

const whenIdle = (task: Task) => {
  const run = () => {
    try {
      task();
    } catch {
      // A bookkeeping task has its own error reporting; one failing must not stop the others.
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 0);
};

const flush = () => {
  shown = true;
  for (const task of waiting.splice(0)) whenIdle(task);
};

let fallback: ReturnType<typeof setTimeout> | undefined;

/** Runs `task` once the first screen is visible (or after a fallback delay), when the page is idle. */
export function afterFirstScreen(task: Task): void {
  if (shown) return whenIdle(task);
  waiting.push(task);
  fallback ??= setTimeout(flush, FALLBACK_MS);
}

/** Called by the screen host when the first screen's data is on the page. */
export function firstScreenShown(): void {
  if (fallback) clearTimeout(fallback);
  flush();
}

/** Tests: back to a page that has not shown a screen yet. */
export function resetFirstScreen(): void {
  shown = false;
  waiting.length = 0;
  if (fallback) clearTimeout(fallback);
  fallback = undefined;
}
