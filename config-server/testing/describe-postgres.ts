/**
 * How a suite that needs PostgreSQL is declared (no silent skips). PostgreSQL missing fails every test of
 * the suite with the command that installs it (`npm test` installs it first, tests/ensure-tools.ts); it never passes
 * by skipping. The one way to leave these suites out is on purpose, `SKIP_PG=1` for a direct vitest run: each file
 * says so, and `npm test` refuses to start with it set.
 */
import { beforeAll, describe } from 'vitest';
import { postgresUnavailable } from './pg-test-server.js';

export const SKIP_PG_NOTICE = 'SKIP_PG=1: the PostgreSQL suites are left out on purpose (npm test refuses SKIP_PG)';

/** PostgreSQL suites are left out only when SKIP_PG=1 asks for it, never because PostgreSQL is missing. */
export function postgresSkipped(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SKIP_PG === '1';
}

let said = false;
/** Says once per file that the PostgreSQL suites are left out, and whether they are. */
export function skippingPostgres(): boolean {
  const skipped = postgresSkipped();
  if (skipped && !said) console.warn(SKIP_PG_NOTICE);
  said = true;
  return skipped;
}

/** `describe` for a suite that needs PostgreSQL: it fails, naming the install command, where PostgreSQL is missing. */
export function describePostgres(
  name: string,
  fn: () => void,
  unavailable: () => string | undefined = postgresUnavailable,
): void {
  if (skippingPostgres()) {
    describe.skip(name, fn);
    return;
  }
  describe(name, () => {
    beforeAll(() => {
      const why = unavailable();
      if (why) throw new Error(why);
    });
    fn();
  });
}
