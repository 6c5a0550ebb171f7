/**
 * The module the entry (main.tsx) loads for a borrower's page, and the one the server hints with every page
 * (`APP_MODULE`, config-server/pages/widget-preloads.ts): the build's manifest names the app's chunk by it. The code is
 * start-app.tsx and everything it imports, one chunk (the `app` group in vite.config.ts); a module inside such a group
 * chunk gets no name in the manifest, so this one stays outside it, a few bytes that only point there.
 */
export { startApp } from './start-app';
