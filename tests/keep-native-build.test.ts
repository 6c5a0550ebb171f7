import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedPrebuildPath, keepNativeBuild } from './keep-native-build.js';

const require = createRequire(import.meta.url);
const sqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
const prebuildInstall = createRequire(join(sqliteDir, 'package.json')).resolve('prebuild-install/bin.js');

describe("better-sqlite3's binary kept for the next install", () => {
  let cache: string;
  const before = process.env.npm_config_cache;
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'npm-cache-'));
    process.env.npm_config_cache = cache;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.npm_config_cache;
    else process.env.npm_config_cache = before;
    rmSync(cache, { recursive: true, force: true });
  });

  it("is named as prebuild-install names this machine's download, in npm's cache", () => {
    const { version } = require('better-sqlite3/package.json');
    const file = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    expect(cachedPrebuildPath(sqliteDir)).toMatch(
      new RegExp(`^${cache}/_prebuilds/[0-9a-f]{6}-${file.replace(/\./g, '\\.')}$`),
    );
  });

  it('is kept once, and a fresh package folder is installed from it without compiling', () => {
    expect(keepNativeBuild(sqliteDir, 'better_sqlite3.node')).toBe('kept');
    expect(keepNativeBuild(sqliteDir, 'better_sqlite3.node')).toBe('already kept');

    // What `npm install` does in a fresh clone: the package's install script, in a folder with no build.
    const fresh = mkdtempSync(join(tmpdir(), 'sqlite-pkg-'));
    try {
      copyFileSync(join(sqliteDir, 'package.json'), join(fresh, 'package.json'));
      const run = spawnSync(process.execPath, [prebuildInstall, '--verbose'], {
        cwd: fresh,
        env: { ...process.env, npm_config_cache: cache },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`unpacking @ ${cachedPrebuildPath(sqliteDir)}`);
      expect(existsSync(join(fresh, 'build/Release/better_sqlite3.node'))).toBe(true);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('keeps nothing where nothing was built', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sqlite-pkg-'));
    try {
      copyFileSync(join(sqliteDir, 'package.json'), join(empty, 'package.json'));
      expect(keepNativeBuild(empty, 'better_sqlite3.node')).toBe('no build');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
