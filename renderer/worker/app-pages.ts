/**
 * Pages the app draws, as the worker's navigation route tells them apart: the console, the config and API routes and
 * files are the network's alone. Workbox tests these against the path and the query together, so each looks at the
 * path only: a query is the borrower's link (a campaign's `?ref=https://m.facebook.com`, `?tab=...` on the console),
 * never what decides whose page it is.
 */
export const NOT_APP_PAGES = [
  /^\/admin(?:[/?]|$)/,
  /^\/config\//,
  /^\/sandbox\//,
  /^\/healthz/,
  // A file: the path's last segment has an extension.
  /^[^?]*\/[^/?]+\.[A-Za-z0-9]+(?:\?|$)/,
];
