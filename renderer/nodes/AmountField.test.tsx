import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('amount-field', () => {
  it('shows thousands dots and stores the amount without them', async () => {
    const r = renderNodes([{ type: 'amount-field', bind: 'amount', label: 'amount' }], { texts: { amount: 'Jumlah' } });
    const input = screen.getByLabelText('Jumlah') as HTMLInputElement;
    await userEvent.type(input, '1500000');
    expect(input.value).toBe('1.500.000');
    expect(r.state().amount).toBe('1500000');
  });
  it('formats a bound amount from data', () => {
    renderNodes([{ type: 'amount-field', bind: 'amount', label: 'amount' }], { state: { amount: '15000000' } });
    expect((screen.getByLabelText('amount') as HTMLInputElement).value).toBe('15.000.000');
  });
});
