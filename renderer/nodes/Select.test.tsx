import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('select', () => {
  it('is a labelled native select storing the option value with its type', async () => {
    const r = renderNodes(
      [
        {
          type: 'select',
          bind: 'bank',
          label: 'bank',
          placeholder: 'choose',
          items: '{{ state.banks }}',
          valueField: 'bankCode',
          labelField: 'bankName',
        },
      ],
      {
        texts: { bank: 'Bank', choose: 'Pilih bank' },
        state: {
          banks: [
            { bankCode: 14, bankName: 'BCA' },
            { bankCode: 8, bankName: 'Mandiri' },
          ],
        },
      },
    );
    const select = screen.getByRole('combobox', { name: 'Bank' }) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Pilih bank');
    await userEvent.selectOptions(select, 'Mandiri');
    expect(r.state().bank).toBe(8);
  });
});
