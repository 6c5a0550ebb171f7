import { describe, expect, it } from 'vitest';
import { describePlaceholderProblem, placeholderProblem, placeholdersOf } from './placeholders';

describe('placeholders', () => {
  it('lists distinct names in order', () => {
    expect(placeholdersOf('Hi {name}, {count} items for {name}')).toEqual(['name', 'count']);
    expect(placeholdersOf(undefined)).toEqual([]);
    expect(placeholdersOf('no { placeholder } here {1x}')).toEqual([]);
  });

  it('reads ICU arguments as placeholders, not their plural cases or #', () => {
    expect(placeholdersOf('{count, plural, one {# day} other {# days}} from {start, date}')).toEqual([
      'count',
      'start',
    ]);
    expect(placeholderProblem('Dalam {days, plural, other {# hari}}', ['Within {days} days'])).toBeNull();
    expect(placeholderProblem('{n, plural, other {# hari}}', ['{days} days'])).toEqual({
      missing: ['days'],
      extra: ['n'],
    });
  });

  it('flags a dropped or added placeholder against the references', () => {
    expect(placeholderProblem('Halo', ['Hello {name}'])).toEqual({ missing: ['name'], extra: [] });
    expect(placeholderProblem('Halo {nama}', ['Hello {name}'])).toEqual({ missing: ['name'], extra: ['nama'] });
    expect(placeholderProblem('Halo {name}', ['Hello {name}', 'Hello {name}!'])).toBeNull();
  });

  it('ignores empty values and empty references', () => {
    expect(placeholderProblem('', ['Hello {name}'])).toBeNull();
    expect(placeholderProblem('Halo', ['', undefined, null])).toBeNull();
  });

  it('describes the problem', () => {
    expect(describePlaceholderProblem({ missing: ['name'], extra: ['x'] })).toBe(
      'Placeholder drops {name} and adds {x}',
    );
  });
});
