import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('detail-lines', () => {
  it('shows title/value rows from data and hides empty or "0" values when asked', () => {
    renderNodes([{ type: 'detail-lines', items: '{{ state.rows }}', hideEmpty: true }], {
      state: {
        rows: [
          { title: 'Amount', value: 'Rp 1.000.000' },
          { title: 'Fee', value: '0' },
          { title: 'Coupon', value: '' },
          { title: 'Term', value: '91 days' },
        ],
      },
    });
    expect(screen.getAllByRole('term').map((e) => e.textContent)).toEqual(['Amount', 'Term']);
    expect(screen.getAllByRole('definition').map((e) => e.textContent)).toEqual(['Rp 1.000.000', '91 days']);
  });
  it('hides a zero however the backend writes it (0.00, Rp0, ₹ 0,00), never a figure that merely holds a 0', () => {
    const zeros = ['0.00', '0,00', 'Rp0', 'Rp 0', '₹ 0,00', ' 00 '];
    const figures = ['0 days', '10', '0.5', 'Rp 0,50', '1.000', '-'];
    renderNodes([{ type: 'detail-lines', items: '{{ state.rows }}', hideEmpty: true }], {
      state: { rows: [...zeros, ...figures].map((value, i) => ({ title: `line ${i}`, value })) },
    });
    expect(screen.getAllByRole('definition').map((e) => e.textContent)).toEqual(figures);
  });
  it('without hideEmpty keeps every row; static rows take copy by key', () => {
    renderNodes(
      [
        { type: 'detail-lines', items: '{{ state.rows }}', titleField: 'text' },
        { type: 'detail-lines', rows: [{ label: 'total', value: '{{ state.total }}' }] },
      ],
      { state: { rows: [{ text: 'Fee', value: '0' }], total: '1.200.000' }, texts: { total: 'Total' } },
    );
    expect(screen.getAllByRole('term').map((e) => e.textContent)).toEqual(['Fee', 'Total']);
  });
});
