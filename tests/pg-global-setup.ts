/**
 * vitest globalSetup of the server project: the throwaway PostgreSQL servers that tests start
 * (config-server/testing/pg-test-server.ts) live under one folder per run, and teardown stops and removes
 * whatever is left there, even when a worker was killed before its own cleanup ran. Starts nothing itself.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopLeftoverPostgres } from '../config-server/testing/pg-test-server.js';

export default function setup() {
  const root = mkdtempSync(join(tmpdir(), 'sdui-pg-run-'));
  // The servers run as the postgres user when we are root: it must reach its folder inside this one.
  chmodSync(root, 0o755);
  // Workers are started after this and inherit the environment.
  process.env.SDUI_PG_ROOT = root;
  return () => {
    stopLeftoverPostgres(root);
    rmSync(root, { recursive: true, force: true });
  };
}
