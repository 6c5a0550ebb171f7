import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('phone-field', () => {
  it('accepts digits only, at most 11, shown 3-4-4 and stored as digits', async () => {
    const r = renderNodes([{ type: 'phone-field', bind: 'form.mobile', label: 'mobile' }], {
      texts: { mobile: 'Nomor HP' },
    });
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
            {
              type: 'phone-field',
              bind: 'mobile',
              label: 'mobile',
              rules: [
                { pattern: '1[3-9][0-9]{9}', message: 'bad' },
                { required: true, message: 'need' },
              ],
            },
          ],
        },
      ],
      {
        texts: { mobile: 'Mobile', bad: 'enter correct mobile number', need: 'required' },
        state: { mobile: '12345678901' },
      },
    );
    expect(r.services.forms.validate('reg')).toEqual(['enter correct mobile number']);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'enter correct mobile number');
    expect(screen.getByLabelText('Mobile').getAttribute('aria-invalid')).toBe('true');
  });
  it('takes its length and grouping from market limits, and falls back to 11 / 3-4-4 on garbage (logged)', async () => {
    const market = { limits: { mobileDigits: 10, phoneDigitGroups: [4, 3, 3] } };
    renderNodes(
      [
        {
          type: 'phone-field',
          bind: 'm',
          label: 'mobile',
          maxDigits: '{{ market.limits.mobileDigits }}',
          groups: '{{ market.limits.phoneDigitGroups }}',
        },
      ],
      { texts: { mobile: 'Mobile' }, market },
    );
    const input = screen.getByLabelText('Mobile') as HTMLInputElement;
    await userEvent.type(input, '98765432109');
    expect(input.value).toBe('9876 543 210');
  });
  it('falls back to 11 digits shown 3-4-4 when the bound limits are garbage', async () => {
    const r = renderNodes(
      [
        {
          type: 'phone-field',
          bind: 'm',
          label: 'mobile',
          maxDigits: '{{ market.limits.nope }}',
          groups: '{{ market.limits.bad }}',
        },
      ],
      { texts: { mobile: 'Mobile' }, market: { limits: { bad: 'x' } } },
    );
    const input = screen.getByLabelText('Mobile') as HTMLInputElement;
    await userEvent.type(input, '138123456789');
    expect(input.value).toBe('138 1234 5678');
    expect(r.logs.some((l) => l.message.includes('groups'))).toBe(true);
  });
});
