import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import IN from '../../screens/markets/IN.json';
import type { Node } from '../../schemas/generated/types';
import { renderNodes } from '../runtime/testing/render-nodes';

// An ops edit of a market's number format must change every amount a borrower sees, the amount input included,
// while what is stored and sent stays digits only.
const screenNodes: Node[] = [
  { type: 'text', value: '{{ amount(state.loan) }}' },
  { type: 'text', value: '{{ thousands(state.limit, market.number) }}' },
  { type: 'amount-field', bind: 'form.amount', label: 'amount' },
  {
    type: 'button',
    label: 'apply',
    onClick: [{ action: 'api', endpoint: 'apply', params: { amount: '{{ state.form.amount }}' } }],
  },
];
const state = { loan: 2500000.5, limit: 80000, form: { amount: '1500000' } };
const texts = { amount: 'Loan amount', apply: 'Apply' };

describe("every amount follows the market's number format", () => {
  it('IN edited to a thousands locale with commas: text, constants and the amount input, typed and bound, sent without separators', async () => {
    const market = { ...IN, number: { locale: 'id-ID', thousandsSeparator: ',', decimalSeparator: '.' } };
    const r = renderNodes(screenNodes, { market, state, texts, api: { apply: { code: 0 } } });
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement;
    expect(r.container.textContent).toContain('₹2,500,000.50');
    expect(r.container.textContent).toContain('80,000');
    expect(input.value).toBe('1,500,000'); // bound from state
    await userEvent.clear(input);
    await userEvent.type(input, '0012345678');
    expect(input.value).toBe('12,345,678');
    expect(r.state().form).toEqual({ amount: '12345678' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(r.apiCalls).toEqual([expect.objectContaining({ endpoint: 'apply', params: { amount: '12345678' } })]);
    expect(r.logs).toEqual([]);
  });

  it('the same screen in the published IN format (lakhs, as the borrower types) and with no grouping at all', async () => {
    const r = renderNodes(screenNodes, { market: IN, state, texts });
    expect(r.container.textContent).toContain('₹25,00,000.50');
    const input = screen.getByLabelText('Loan amount') as HTMLInputElement;
    expect(input.value).toBe('15,00,000');
    await userEvent.clear(input);
    const shown: string[] = [];
    for (const digit of '350000') {
      await userEvent.type(input, digit);
      shown.push(input.value);
    }
    expect(shown).toEqual(['3', '35', '350', '3,500', '35,000', '3,50,000']);
    expect(r.state().form).toEqual({ amount: '350000' });
    r.unmount();
    const bare = renderNodes(screenNodes, {
      market: { ...IN, number: { locale: 'en-IN', thousandsSeparator: '', decimalSeparator: '.' } },
      state,
      texts,
    });
    expect(bare.container.textContent).toContain('₹2500000.50');
    const plain = screen.getByLabelText('Loan amount') as HTMLInputElement;
    await userEvent.type(plain, '9');
    expect(plain.value).toBe('15000009');
    expect(bare.state().form).toEqual({ amount: '15000009' });
  });
});
