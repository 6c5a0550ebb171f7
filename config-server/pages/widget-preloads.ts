import { join } from 'node:path';
import { readWhenChanged } from './read-when-changed.js';

/** What vite's `build.manifest` records per source module. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Node type → its widget module as the manifest names it (`text-field` → `nodes/TextField.tsx`). */
export const widgetModule = (type: string) =>
  `nodes/${type
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('')}.tsx`;

/**
 * The app's own code: what the entry imports once React's code has run (renderer/main.tsx), which every borrower page
 * loads. This module only points at the app's chunk (the manifest names that chunk by its file alone), so its closure is
 * both. Hinted with every page, or it would be asked for only after the entry ran (a round trip more).
 */
export const APP_MODULE = 'boot/app-entry.ts';

/** Files a manifest key pulls in (itself and its static imports), once each. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

/**
 * `<link rel="modulepreload">` tags for the app's own chunk (APP_MODULE) and the lazily loaded widget chunks of a
 * screen, so the page fetches them alongside the main script instead of discovering them after it ran (one more
 * round trip on a 150 ms mobile link). Reads the build's manifest, again only when it changes; no manifest (a dev
 * server, an old build) means no hints, never an error.
 */
export function widgetPreloads(staticDir: string, base = '/') {
  const current = readWhenChanged(join(staticDir, '.vite', 'manifest.json'), (text) => {
    const manifest = JSON.parse(text) as Manifest;
    const initial = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, initial);
    // The entry's static imports are hinted by its own page already; the app's chunk and its imports are not.
    const app = [...closure(manifest, APP_MODULE)].filter((f) => !initial.has(f));
    for (const f of app) initial.add(f);
    return { manifest, initial, app, tags: new Map<string, string>() };
  });
  return (types: readonly string[]): string => {
    const m = current();
    if (!m) return '';
    const key = types.join(',');
    let tags = m.tags.get(key);
    if (tags === undefined) {
      const files = new Set<string>();
      for (const type of types) {
        const chunk = m.manifest[widgetModule(type)];
        if (chunk?.isDynamicEntry) closure(m.manifest, widgetModule(type), files);
      }
      tags = [...m.app, ...[...files].filter((f) => !m.initial.has(f))]
        .filter((f) => f.endsWith('.js'))
        .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`)
        .join('');
      m.tags.set(key, tags);
    }
    return tags;
  };
}
