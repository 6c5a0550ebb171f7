import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/test-utils';

describe('phone-field', () => {
  it('accepts digits only, at most 11, shown 3-4-4 and stored as digits', async () => {
    const r = renderNodes([{ type: 'phone-field', bind: 'form.mobile', label: 'mobile' }], { texts: { mobile: 'Nomor HP' } });
    const input = screen.getByLabelText('Nomor HP') as HTMLInputElement;
    await userEvent.type(input, '138a1234-56789999');
    expect(input.value).toBe('138 1234 5678');
    expect(r.state()).toMatchObject({ form: { mobile: '13812345678' } });
  });
  it('registers its rules with the form and shows the message in the text set language', async () => {
    const r = renderNodes(
      [
        {
          type: 'form',
          id: 'reg',
          children: [
            { type: 'phone-field', bind: 'mobile', label: 'mobile', rules: [{ pattern: '1[3-9][0-9]{9}', message: 'bad' }, { required: true, message: 'need' }] },
          ],
        },
      ],
      { texts: { mobile: 'Mobile', bad: 'enter correct mobile number', need: 'required' }, state: { mobile: '12345678901' } },
    );
    expect(r.services.forms.validate('reg')).toEqual(['enter correct mobile number']);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'enter correct mobile number');
    expect(screen.getByLabelText('Mobile').getAttribute('aria-invalid')).toBe('true');
  });
});
