import { describe, expect, it } from 'vitest';
import { releasesKey, releasesOf } from './release-labels';

describe('release labels', () => {
  it('reads X-Config-Release values into id and arm, merged, in id order, each once', () => {
    const r = releasesOf('rel-bbbbbbbbbb=candidate, rel-aaaaaaaaaa=base', null, 'rel-aaaaaaaaaa=base', undefined);
    expect(r).toEqual([
      { id: 'rel-aaaaaaaaaa', arm: 'base' },
      { id: 'rel-bbbbbbbbbb', arm: 'candidate' },
    ]);
    expect(releasesKey(r)).toBe('rel-aaaaaaaaaa=base,rel-bbbbbbbbbb=candidate');
  });

  it('leaves out what the beacon schema would refuse, and keeps at most 8', () => {
    expect(releasesOf('rel-XYZ=base, rel-0123456789=blue, =candidate, garbage, rel-0123456789')).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => `rel-${String(i).padStart(10, '0')}=base`).join(', ');
    expect(releasesOf(many)).toHaveLength(8);
  });
});
