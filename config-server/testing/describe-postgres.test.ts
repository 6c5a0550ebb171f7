import { describe, expect, it } from 'vitest';
import { postgresSkipped } from './describe-postgres.js';
import { postgresUnavailable } from './pg-test-server.js';

describe('PostgreSQL suites', () => {
  it('are left out only when SKIP_PG=1 asks, not because PostgreSQL is missing', () => {
    expect(postgresSkipped({ SKIP_PG: '1' })).toBe(true);
    expect(postgresSkipped({})).toBe(false);
    expect(postgresSkipped({ SKIP_PG: 'true' })).toBe(false);
  });

  it('fail on a machine without PostgreSQL with the command that installs it', () => {
    expect(postgresUnavailable('/nonexistent')).toMatch(/not installed.*npm test.*apt-get install -y postgresql/);
  });
});
