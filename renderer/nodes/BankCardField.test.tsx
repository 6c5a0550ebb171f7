import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('bank-card-field', () => {
  it('shows digits in groups of four and stores digits only', async () => {
    const r = renderNodes([{ type: 'bank-card-field', bind: 'card', label: 'card' }], {
      texts: { card: 'Card number' },
    });
    const input = screen.getByLabelText('Card number') as HTMLInputElement;
    await userEvent.type(input, '6222 0202-0011x22');
    expect(input.value).toBe('6222 0202 0011 22');
    expect(r.state().card).toBe('62220202001122');
  });
});
