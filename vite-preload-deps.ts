/**
 * Build step for the borrower app: with each lazy import, vite lists the files to fetch alongside it (its chunk and the
 * chunks it imports), and every chunk that lazily imports keeps the names of all of them. Those the importing chunk
 * imported itself are loaded already, before its code runs (React's chunk, the bundler's runtime, the preload helper):
 * fetching them does nothing, yet their names cost the app's first chunk bytes. They are left out here, and a lazy
 * chunk then left with nothing to fetch but itself gets no list (a plain import, as vite does for such a chunk anyway).
 */
import type { Plugin } from 'vite';

/** A chunk's file and its static imports, by file name, as the bundle has them. */
export type StaticImports = ReadonlyMap<string, readonly string[]>;

/** What `file` loads before its code runs: its static imports, theirs, and so on. */
export function loadedWith(file: string, imports: StaticImports): Set<string> {
  const seen = new Set<string>();
  const stack = [...(imports.get(file) ?? [])];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(imports.get(f) ?? []));
  }
  return seen;
}

/** The files `host` must fetch to lazily import `file`, given what vite listed (`deps`). */
export function depsToFetch(file: string, deps: readonly string[], host: string, imports: StaticImports): string[] {
  const loaded = loadedWith(host, imports);
  const left = deps.filter((d) => d !== host && !loaded.has(d));
  return left.length === 1 && left[0] === file ? [] : left;
}

/**
 * The plugin records the bundle's static imports (its `generateBundle` runs before vite's own, which resolves the
 * lists); `resolveDependencies` goes into `build.modulePreload`.
 */
export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], ctx: { hostId: string; hostType: string }) => string[];
} {
  const imports = new Map<string, string[]>();
  return {
    plugin: {
      name: 'sdui-preload-deps',
      apply: 'build',
      generateBundle(_opts, bundle) {
        imports.clear();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') imports.set(item.fileName, item.imports);
      },
    },
    resolveDependencies: (file, deps, { hostId, hostType }) => {
      if (hostType !== 'js') return deps;
      // No record of the host (the plugin did not run first): the list as vite made it, never a shorter wrong one.
      if (!imports.has(hostId)) return deps;
      return depsToFetch(file, deps, hostId, imports);
    },
  };
}
