/**
 * Ends the current task so the page can paint and take input before the next piece of boot work (no
 * main-thread task over 50 ms after the first screen on a slow phone). A MessageChannel message, not setTimeout:
 * nested timers are clamped to 4 ms and a background tab's to 1 s; a message is the next task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
