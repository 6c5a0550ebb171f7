import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (`.vite/manifest.json`), as far as the precache needs it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/**
 * The built files a borrower's page can load: everything reachable from the app's entry, static and lazy imports
 * alike, except through the console's entry (loaded on `/admin` only, and most of the build's bytes). The service
 * worker precaches these and nothing else: a borrower on prepaid data does not pay for the console.
 */
export function borrowerFiles(manifest: Record<string, ManifestChunk>, entry: string, skip: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || skip.includes(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  walk(entry);
  if (!seen.has(entry) || !manifest[entry]) throw new Error(`precache: the build manifest has no entry "${entry}"`);
  return files;
}

/** Reads the build manifest of `outDir` and keeps the precache entries a borrower's page can use (and the shell). */
export function keepBorrowerEntries<T extends { url: string }>(outDir: string, entries: T[], keepAlso: string[]): T[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = borrowerFiles(manifest, 'index.html', ['admin/AdminApp.tsx']);
  return entries.filter((e) => files.has(e.url) || keepAlso.includes(e.url));
}
