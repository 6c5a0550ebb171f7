import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('text', () => {
  it('a title with `level` is that heading level (the one h1 of a screen without a page bar); a bad level keeps the default', () => {
    renderNodes(
      [
        { type: 'text', key: 'h', variant: 'title', level: 1 },
        { type: 'text', key: 'bad', variant: 'subtitle', level: 9 as never },
      ],
      { texts: { h: 'Personal loans', bad: 'Sub' } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Personal loans' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Sub' })).toBeTruthy();
  });
  it('shows copy by key with bound arguments, or a data value', () => {
    const r = renderNodes(
      [
        { type: 'text', key: 'greet', args: { name: '{{ state.user.name }}' }, variant: 'title' },
        { type: 'text', value: '{{ state.user.amount }}' },
      ],
      { texts: { greet: 'Halo, {name}!' }, state: { user: { name: 'Ani', amount: 1500 } } },
    );
    expect(screen.getByRole('heading', { name: 'Halo, Ani!' })).toBeTruthy();
    expect(screen.getByText('1500')).toBeTruthy();
    expect(r.logs).toEqual([]);
  });
  it('shows nothing for a missing data value rather than "undefined"', () => {
    const { container } = renderNodes([{ type: 'text', value: '{{ state.nope }}' }]);
    expect(container.textContent).toBe('');
  });
  it('an amount the backend sent unreadable shows the placeholder and logs a warning naming the field', () => {
    const r = renderNodes([{ type: 'text', value: "{{ amount(state.c.amount, '–') }}" }], {
      market: { currency: { symbol: 'Rp' }, number: { thousandsSeparator: '.', decimalSeparator: ',' } },
      state: { c: { amount: '2.000.000 IDR' } },
    });
    expect(r.container.textContent).toBe('–');
    expect(r.logs.map((l) => l.message)).toEqual([
      'expression amount(state.c.amount, "–"): "2.000.000 IDR" is not an amount',
    ]);
  });
});
