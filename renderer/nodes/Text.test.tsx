import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/test-utils';

describe('text', () => {
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
});
