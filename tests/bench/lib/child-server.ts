/**
 * Starts a server script in its own node process (tsx loaded in-process, so the pid is the server
 * itself and /proc/<pid>/status describes it), waits for its {"url"} line, and stops it by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ChildServer {
  url: string;
  pid: number;
  /** Peak resident set (VmHWM) so far, in MB; null where /proc is unavailable. */
  peakRssMb(): number | null;
  stop(): Promise<void>;
}

export function readVmHwmMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * `prefix` runs the server through a wrapper that execs it (e.g. `taskset -c 0`): the pid stays the server's. `cwd`:
 * another checkout's server runs in its own folder (tsx takes its tsconfig.json, and so how it compiles JSX, from there).
 */
export function startChildServer(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  prefix: string[] = [],
  cwd?: string,
): Promise<ChildServer> {
  const argv = [...prefix, process.execPath, '--import', 'tsx', script, ...args];
  const child: ChildProcess = spawn(argv[0], argv.slice(1), {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => fail(new Error(`${script} did not start within 60 s`)), 60_000);
    const fail = (e: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${e.message}\n${stderr}`));
    };
    child.on('exit', (code) => fail(new Error(`${script} exited with ${code} before listening`)));
    const onData = (d: Buffer) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{"url"'));
      if (!line) return;
      clearTimeout(timer);
      // Once: any later output of the server ran this again, and removing the 'exit' listeners then took stop()'s
      // too, so the bench waited on nothing and ended with code 13 and no table.
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      child.removeAllListeners('exit');
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        pid: child.pid!,
        peakRssMb: () => readVmHwmMb(child.pid!),
        stop: () =>
          new Promise<void>((done) => {
            // Gone already (one killed by a signal keeps exitCode null): 'exit' will not fire again.
            if (child.exitCode !== null || child.signalCode !== null) {
              process.stderr.write(
                `${script} had already exited (${child.exitCode ?? child.signalCode}) before it was stopped\n${stderr}\n`,
              );
              return done();
            }
            const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(kill);
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
  });
}
