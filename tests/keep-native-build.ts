/**
 * Runs after `npm install` (the root `postinstall`): keeps the machine's compiled better-sqlite3 in npm's prebuild
 * cache (`<npm cache>/_prebuilds`), the place its installer, prebuild-install, looks before downloading.
 *
 * Where only the npm registry is reachable, prebuild-install cannot download a prebuilt binary, so every fresh clone
 * compiled SQLite from source: about 40 of the 60 seconds `npm install` took on the 2-core CI machine. With the
 * binary kept, the next clone unpacks it in well under a second. prebuild-install loads an unpacked binary before it
 * keeps it and falls back to compiling when it does not load, so a stale or foreign file costs a compile, not a
 * broken install. The first install on a machine still compiles.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/** The file prebuild-install would unpack for this package on this machine (same URL, same cache name). */
export function cachedPrebuildPath(packageDir: string): string {
  const fromPackage = createRequire(join(packageDir, 'package.json'));
  const pkg = fromPackage('./package.json');
  // The package's own prebuild-install: its option reader and naming, so the kept file is the one it looks for.
  const rc = fromPackage('prebuild-install/rc') as (pkg: unknown) => Record<string, unknown>;
  const util = fromPackage('prebuild-install/util') as {
    getDownloadUrl(opts: unknown): string;
    cachedPrebuild(url: string): string;
  };
  return util.cachedPrebuild(util.getDownloadUrl({ ...rc(pkg), pkg }));
}

export type KeepResult = 'kept' | 'already kept' | 'no build';

/** Packs `build/Release/<name>.node` as prebuild-install's tarball into the cache, unless one is there. */
export function keepNativeBuild(packageDir: string, binary: string): KeepResult {
  const built = join(packageDir, 'build', 'Release', binary);
  if (!existsSync(built)) return 'no build';
  const target = cachedPrebuildPath(packageDir);
  if (existsSync(target)) return 'already kept';
  // A binary that does not load here is not worth keeping.
  require(built);
  mkdirSync(dirname(target), { recursive: true });
  // Written beside the target and renamed, so a parallel install never unpacks half a file.
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    execFileSync('tar', ['-czf', tmp, '-C', packageDir, join('build', 'Release', binary)]);
    renameSync(tmp, target);
  } finally {
    rmSync(tmp, { force: true });
  }
  return 'kept';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const result = keepNativeBuild(dirname(require.resolve('better-sqlite3/package.json')), 'better_sqlite3.node');
    if (result === 'kept')
      console.log("Kept better-sqlite3's compiled binary in npm's prebuild cache for later installs");
  } catch (e) {
    // Only a speed-up: an install never fails for it.
    console.warn(`Could not keep better-sqlite3's binary for later installs: ${e instanceof Error ? e.message : e}`);
  }
}
