import { describe, expect, it } from 'vitest';
import { findingsOf, groupFindings } from './copy-findings';

const f = (key: string, locale: string, severity: string) => ({ key, locale, severity, check: 'empty', message: 'm' });

describe('findingsOf', () => {
  it('reads a list, a save answer and a refused publish alike', () => {
    const list = [f('a', 'en-IN', 'error')];
    expect(findingsOf({ findings: list })).toHaveLength(1);
    expect(findingsOf({ error: { status: 422, message: 'x', details: { findings: list } } })).toHaveLength(1);
    expect(findingsOf({ error: { status: 409, message: 'x' } })).toEqual([]);
    expect(findingsOf(null)).toEqual([]);
  });

  it('drops malformed entries and treats an unknown severity as an error', () => {
    const got = findingsOf({
      findings: [null, { key: 1 }, f('a', 'id-ID', 'fatal'), { ...f('b', 'id-ID', 'warning') }],
    });
    expect(got.map((x) => [x.key, x.severity])).toEqual([
      ['a', 'error'],
      ['b', 'warning'],
    ]);
  });

  it('keeps a fix only when it carries a value', () => {
    const [a, b] = findingsOf({
      findings: [
        { ...f('a', 'en-IN', 'error'), fix: { label: 'Add one', value: 'v' } },
        { ...f('b', 'en-IN', 'error'), fix: { label: 'Broken' } },
      ],
    });
    expect(a!.fix).toEqual({ label: 'Add one', value: 'v' });
    expect(b!.fix).toBeUndefined();
  });
});

describe('groupFindings', () => {
  it('groups per key then locale, keys sorted, errors first', () => {
    const g = groupFindings(
      findingsOf({ findings: [f('b', 'id-ID', 'warning'), f('a', 'en-IN', 'warning'), f('a', 'en-IN', 'error')] }),
    );
    expect([...g.keys()]).toEqual(['a', 'b']);
    expect(
      g
        .get('a')!
        .get('en-IN')!
        .map((x) => x.severity),
    ).toEqual(['error', 'warning']);
  });
});
