import { describe, expect, it } from 'vitest';
import { screenToShow } from './pending-screen';

describe('a newer screen version waits for the next navigation', () => {
  it('keeps the version on display while the borrower stays on the same location', () => {
    expect(screenToShow('v1', { doc: 'v2', atKey: 'k1' }, 'k1')).toBe('v1');
  });
  it('shows the newer version once the location changed', () => {
    expect(screenToShow('v1', { doc: 'v2', atKey: 'k1' }, 'k2')).toBe('v2');
  });
  it('without a newer version shows the current one', () => {
    expect(screenToShow('v1', null, 'k2')).toBe('v1');
  });
});
