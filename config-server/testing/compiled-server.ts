/**
 * The compiled server as production runs it, for tests: `node dist/server/config-server/main.js` in a child
 * process (compiled first when missing or stale, as `npm start` does), on an ephemeral port with a temp store.
 * Not imported by production code.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledMain } from '../cli/build-server.js';
import { projectRoot } from '../project-root.js';

/** Builds what `npm start` would (renderer when missing, server when stale); throws with the build's output. */
export function buildIfNeeded(): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'config-server/cli/build-if-needed.ts'], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build-if-needed failed:\n${r.stdout}\n${r.stderr}`);
}

export interface CompiledServer {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Its stdout lines that are JSON (the log), parsed. */
  logLines(): Record<string, unknown>[];
  /** Resolves when the process has exited: its code and when. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
}

/** Settings every start gets unless `env` says otherwise: a sandbox, no metrics, no inherited store. */
const BASE_ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  SANDBOX: 'on',
  NODE_ENV: 'development',
  DATABASE_URL: '',
  METRICS_TOKEN: '',
  METRICS_PORT: '',
  LOG_LEVEL: 'info',
};

export async function startCompiled(env: Record<string, string> = {}): Promise<CompiledServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sdui-compiled-'));
  const child = spawn(process.execPath, [compiledMain], {
    cwd: projectRoot,
    env: { ...process.env, ...BASE_ENV, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  while (!url) {
    url = /config server on (http:\/\/\S+)/.exec(stdout)?.[1];
    if (url) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the compiled server did not start:\n${stdout}\n${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    exited,
    output: () => stdout + stderr,
    logLines: () =>
      stdout.split('\n').flatMap((l) => {
        if (!l.startsWith('{')) return [];
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
