/**
 * How many files (sockets included) this process may hold open: the soft `RLIMIT_NOFILE`. Node has no getrlimit, so
 * it is read from /proc/self/limits (Linux), else from `ulimit -n` of a shell this process starts (which inherits the
 * limit). Undefined when neither says (or it is unlimited): the caps then stay as configured.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The soft limit in a /proc/<pid>/limits text (`Max open files  1024  4096  files`). */
export function softFileLimitOf(limits: string): number | undefined {
  const m = /^Max open files\s+(\S+)/m.exec(limits);
  return m && /^[0-9]+$/.test(m[1]) ? Number(m[1]) : undefined;
}

export function readFileLimit(): number | undefined {
  try {
    return softFileLimitOf(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    // Not Linux: ask a shell.
  }
  try {
    const out = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2000 }).trim();
    return /^[0-9]+$/.test(out) ? Number(out) : undefined;
  } catch {
    return undefined;
  }
}
