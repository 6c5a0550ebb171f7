import { describe, expect, it } from 'vitest';
import { installHint, missingTools, refusedSkips, type Tool } from './ensure-tools';

const tool = (aptPackage: string, present: boolean, needed = true): Tool => ({
  purpose: `${aptPackage} tests`,
  aptPackage,
  present: () => present,
  needed: () => needed,
});

describe('ensure-tools', () => {
  it('lists only tools that are needed and absent', () => {
    expect(
      missingTools([tool('chromium', true), tool('postgresql', false), tool('redis', false, false)]).map(
        (t) => t.aptPackage,
      ),
    ).toEqual(['postgresql']);
  });
  it('tells someone without root the exact command, naming what each package is for', () => {
    const hint = installHint([tool('chromium', false), tool('postgresql', false)]);
    expect(hint).toContain('sudo apt-get update && sudo apt-get install -y chromium postgresql');
    expect(hint).toContain('chromium (for chromium tests)');
  });
  it('refuses to run the tests with the PostgreSQL suites left out (SKIP_PG), saying how to undo it', () => {
    expect(refusedSkips({ SKIP_PG: '1' })).toMatch(/SKIP_PG is set.*unset SKIP_PG/);
    expect(refusedSkips({ SKIP_PG: '0' })).toBeDefined();
    expect(refusedSkips({})).toBeUndefined();
  });
});
