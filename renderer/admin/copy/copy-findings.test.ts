import { describe, expect, it } from 'vitest';
import { findingsOf, findingsOfChange, groupFindings } from './copy-findings';

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

describe('findingsOfChange', () => {
  const all = findingsOf({
    findings: [f('a', 'en-IN', 'error'), f('b', 'id-ID', 'warning'), f('common.send', 'id-ID', 'warning')],
  });

  it('keeps the findings of the published text sets, by locale', () => {
    const got = findingsOfChange(all, [{ kind: 'text-set', id: 'en-IN', content: { locale: 'en-IN', texts: {} } }]);
    expect(got.map((x) => x.key)).toEqual(['a']);
  });

  it('keeps the findings of keys a published screen uses, in every locale', () => {
    const screen = { kind: 'screen', body: [{ type: 'button', label: 'common.send' }] };
    const got = findingsOfChange(all, [{ kind: 'screen', id: 's', content: screen }]);
    expect(got.map((x) => `${x.key} ${x.locale}`)).toEqual(['common.send id-ID']);
    expect(findingsOfChange(all, [])).toEqual([]);
  });
});
