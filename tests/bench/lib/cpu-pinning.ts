/**
 * On a machine with two or more cores, the server under test gets core 0 and the load generator
 * (this process) the last core, so neither preempts the other: without it, autocannon's own
 * JavaScript and the server fight over the same cores and throughput swings by 20-40 % between
 * runs. Uses `taskset` (util-linux); where it is missing, nothing is pinned and the table says so.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export const canPin = hasTaskset && availableParallelism() >= 2;
export const SERVER_CPU = '0';
export const LOAD_CPU = String(availableParallelism() - 1);

/** argv prefix that starts a command on the server's core (empty when pinning is unavailable). */
export const serverPrefix = (): string[] => (canPin ? ['taskset', '-c', SERVER_CPU] : []);

/** argv prefix for a helper process that is not under test (e.g. the backend the server calls): the load generator's core. */
export const helperPrefix = (): string[] => (canPin ? ['taskset', '-c', LOAD_CPU] : []);

/** Pins every thread of this process to the load generator's core; returns the undo. */
export function pinSelf(): () => void {
  if (!canPin) return () => {};
  const all = `0-${availableParallelism() - 1}`;
  execFileSync('taskset', ['-a', '-cp', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  return () => execFileSync('taskset', ['-a', '-cp', all, String(process.pid)], { stdio: 'ignore' });
}
