import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { eagerCjs } from './vite-eager-cjs.js';
import { keepBorrowerEntries } from './vite-borrower-precache.js';
import { preloadDeps } from './vite-preload-deps.js';

const preloads = preloadDeps();
const here = path.dirname(fileURLToPath(import.meta.url));
/** Where this build writes (the bench builds elsewhere, with other roots): the precache list is read from there. */
let builtTo = path.resolve(here, 'dist/renderer');
const whereBuilt: Plugin = {
  name: 'sdui-where-built',
  configResolved(config) {
    builtTo = path.resolve(config.root, config.build.outDir);
  },
};

// One build for the borrower app and the (lazily loaded) admin console.
export default defineConfig({
  root: 'renderer',
  base: '/',
  // eagerCjs: react-dom compiled with its file, not on the main thread when the entry runs (vite-eager-cjs.ts).
  plugins: [
    react(),
    eagerCjs(),
    preloads.plugin,
    whereBuilt,
    // The offline worker (renderer/worker/sw.ts): its own build with the precache list injected. The page registers it
    // itself, after the first screen (renderer/worker-client/), so nothing is added to the drawn page or its CSP.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.resolve(here, 'renderer/worker'),
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'early-call.js', 'assets/*.{js,css}'],
        // The borrower app's code only: the console's chunks are downloaded by those who open the console.
        manifestTransforms: [
          async (entries) => ({
            manifest: keepBorrowerEntries(builtTo, entries, ['index.html', 'early-call.js']),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    // The config server reads it to preload the widget chunks of the screen it inlines.
    manifest: true,
    target: 'es2020',
    // Every browser that runs this target's module scripts (Chrome 73+) has modulepreload: the polyfill was dead weight.
    // Lazy imports list only what the importing chunk has not loaded already (vite-preload-deps.ts).
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React's code in a chunk of its own, which the entry and the app's chunk both import (renderer/main.tsx).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Vite's loader of lazy chunks, used by the app's chunk too: left in the entry, every lazy chunk would
            // list the entry's stylesheet (inlined by the server) as a dependency and fetch it again.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            // The app's own code: the module the entry loads (boot/start-app.tsx) and all it imports, one chunk (the
            // lazy chunks import their share of it from there), not the small ones rolldown makes per set of importers.
            { name: 'app', test: /renderer[\\/]boot[\\/]start-app\.tsx$/ },
            // The helpers every field widget shares travel as one chunk, not three small requests.
            {
              name: 'field-kit',
              test: /renderer[\\/]nodes[\\/](use-field|field-rules|FieldFrame|options-of)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
