import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('collapse', () => {
  it('folds its content behind a button with aria-expanded', async () => {
    renderNodes([{ type: 'collapse', title: 'paid', children: [{ type: 'text', key: 'period' }] }], {
      texts: { paid: 'Paid periods', period: 'Period 1' },
    });
    const header = screen.getByRole('button', { name: 'Paid periods' });
    expect(header.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Period 1')).toBeNull();
    await userEvent.click(header);
    expect(header.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Period 1')).toBeTruthy();
  });
  it('a bound fold follows state (actions can close it)', async () => {
    const r = renderNodes(
      [{ type: 'collapse', title: 't', bind: 'allOpen', children: [{ type: 'text', value: 'orders' }] }],
      { state: { allOpen: true } },
    );
    expect(screen.getByText('orders')).toBeTruthy();
    r.runtime.setState('allOpen', false);
    await screen.findByRole('button', { expanded: false });
    expect(screen.queryByText('orders')).toBeNull();
  });
});
