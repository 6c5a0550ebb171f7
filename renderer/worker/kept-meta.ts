/**
 * `<meta name=…>` the worker puts in a kept page it answers with: its content is the time the page was drawn (epoch
 * ms). The app reads it before anything else: the page's figures are the phone's until the server confirms them.
 * A module of its own: the app's first-load code reads this name alone, and importing the rest of worker-protocol.ts
 * for it put every other name of the worker's (its address, its messages, its caches) on the first load too.
 */
export const KEPT_META = 'sdui-kept';
