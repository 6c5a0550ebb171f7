import { readFileSync, statSync } from 'node:fs';

/**
 * A file turned into a value by `parse`, read again only when its mtime changes (a new build
 * replaces it while the server runs). A missing or unparseable file gives undefined, never a throw.
 */
export function readWhenChanged<T>(file: string, parse: (text: string) => T): () => T | undefined {
  let cached: { mtimeMs: number; value: T } | undefined;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
      return cached.value;
    } catch {
      return undefined;
    }
  };
}
