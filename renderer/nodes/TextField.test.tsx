import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('text-field', () => {
  it('binds to state, caps its length and shows an error after leaving it invalid', async () => {
    const r = renderNodes(
      [
        {
          type: 'text-field',
          bind: 'form.captcha',
          label: 'captcha',
          placeholder: 'captcha.ph',
          maxLength: 4,
          rules: [{ minLength: 4, message: 'short' }],
        },
      ],
      { texts: { captcha: 'Kode gambar', 'captcha.ph': 'Masukkan kode', short: 'Kode terlalu pendek' } },
    );
    const input = screen.getByLabelText('Kode gambar') as HTMLInputElement;
    expect(input.placeholder).toBe('Masukkan kode');
    await userEvent.type(input, 'ab');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe('Kode terlalu pendek');
    await userEvent.type(input, 'cdef');
    expect(input.value).toBe('abcd');
    expect(r.state()).toMatchObject({ form: { captcha: 'abcd' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
