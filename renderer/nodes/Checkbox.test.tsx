import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('checkbox', () => {
  it('binds a boolean and a required rule means it must be ticked', async () => {
    const r = renderNodes(
      [
        {
          type: 'form',
          id: 'f',
          children: [{ type: 'checkbox', bind: 'agree', label: 'agree', rules: [{ required: true, message: 'must' }] }],
        },
      ],
      { state: { agree: true }, texts: { agree: 'I agree to the loan agreement', must: 'Please tick the agreement' } },
    );
    const box = screen.getByRole('checkbox', { name: 'I agree to the loan agreement' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.click(box);
    expect(r.state().agree).toBe(false);
    expect(r.services.forms.validate('f')).toEqual(['Please tick the agreement']);
  });
});
