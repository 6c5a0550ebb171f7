/**
 * Builds a vite app with the project's own vite.config.ts (same plugins, target, minifier),
 * overriding only root/outDir, and records which chunks and modules ended up where.
 * The bench builds into tests/bench/results/ so it never races another engineer's dist/.
 */
import { build, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const resultsDir = resolve(repoRoot, 'tests/bench/results');

export interface ChunkStat {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** Module id → rendered (pre-minification) length. */
  modules: Record<string, number>;
}

/** Libraries the issue counts apart from the renderer's own code. */
export const VENDOR_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', 'axios', 'scheduler'];
export const vendorTest = new RegExp(`node_modules[\\\\/](${VENDOR_PACKAGES.join('|')})[\\\\/]`);

function statsPlugin(out: ChunkStat[]): Plugin {
  return {
    name: 'bench-chunk-stats',
    apply: 'build',
    generateBundle(_opts, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, m] of Object.entries(item.modules)) modules[id] = m.renderedLength;
        out.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          imports: [...item.imports],
          dynamicImports: [...item.dynamicImports],
          modules,
        });
      }
    },
  };
}

export interface BuildOptions {
  /** vite root (folder with index.html). */
  root: string;
  outDir: string;
  base?: string;
  /** Put the vendor libraries in their own chunk (attribution build only, never served). */
  splitVendor?: boolean;
  /** Module swaps: an import resolving to a key's file gets the value's file instead (the plain page's fetch API). */
  swap?: Record<string, string>;
  /** Compile-time constants (vite `define`): the plain screen A's texts. */
  define?: Record<string, string>;
}

function swapPlugin(swap: Record<string, string>): Plugin {
  return {
    name: 'bench-swap',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const r = await this.resolve(source, importer, { ...options, skipSelf: true });
      return r && Object.hasOwn(swap, r.id) ? swap[r.id] : null;
    },
  };
}

export async function buildApp(opts: BuildOptions): Promise<ChunkStat[]> {
  const chunks: ChunkStat[] = [];
  await build({
    configFile: resolve(repoRoot, 'vite.config.ts'),
    root: opts.root,
    base: opts.base ?? '/',
    logLevel: 'warn',
    define: opts.define,
    plugins: [statsPlugin(chunks), ...(opts.swap ? [swapPlugin(opts.swap)] : [])],
    build: {
      outDir: opts.outDir,
      emptyOutDir: true,
      manifest: true,
      rolldownOptions: opts.splitVendor
        ? { output: { codeSplitting: { groups: [{ name: 'bench-vendor', test: vendorTest, priority: 100 }] } } }
        : undefined,
    },
  });
  return chunks;
}
