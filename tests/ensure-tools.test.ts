import { describe, expect, it } from 'vitest';
import { installHint, missingTools, type Tool } from './ensure-tools';

const tool = (aptPackage: string, present: boolean, needed = true): Tool => ({ purpose: `${aptPackage} tests`, aptPackage, present: () => present, needed: () => needed });

describe('ensure-tools', () => {
  it('lists only tools that are needed and absent', () => {
    expect(missingTools([tool('chromium', true), tool('postgresql', false), tool('redis', false, false)]).map((t) => t.aptPackage)).toEqual(['postgresql']);
  });
  it('tells someone without root the exact command, naming what each package is for', () => {
    const hint = installHint([tool('chromium', false), tool('postgresql', false)]);
    expect(hint).toContain('sudo apt-get update && sudo apt-get install -y chromium postgresql');
    expect(hint).toContain('chromium (for chromium tests)');
  });
});
