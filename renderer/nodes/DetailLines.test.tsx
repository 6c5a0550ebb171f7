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
