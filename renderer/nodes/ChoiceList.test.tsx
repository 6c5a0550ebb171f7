import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('choice-list', () => {
  it('offers data options as radios, stores the chosen value and runs onSelect with the item', async () => {
    const r = renderNodes(
      [
        {
          type: 'choice-list',
          bind: 'problemType',
          label: 'types',
          items: '{{ state.types }}',
          onSelect: [{ action: 'toast', message: '{{ item.title }}#{{ index }}' }],
        },
      ],
      {
        texts: { types: 'Question type' },
        state: {
          types: [
            { value: 1, title: 'Collection' },
            { value: 2, title: 'Repayment' },
          ],
        },
      },
    );
    const group = screen.getByRole('radiogroup', { name: 'Question type' });
    expect(group).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Repayment' }));
    expect(r.state().problemType).toBe(2);
    expect(screen.getByRole('radio', { name: 'Repayment' }).getAttribute('aria-checked')).toBe('true');
    expect(r.toasts.map((t) => t.message)).toEqual(['Repayment#1']);
    await userEvent.keyboard('{ArrowUp}');
    expect(r.state().problemType).toBe(1);
  });
  it('static options use text keys', () => {
    renderNodes(
      [
        {
          type: 'choice-list',
          bind: 'payType',
          label: 'pt',
          options: [
            { value: 1, label: 'bank' },
            { value: 2, label: 'market' },
          ],
        },
      ],
      {
        texts: { bank: 'Bank', market: 'Minimarket' },
        state: { payType: '2' },
      },
    );
    expect(screen.getByRole('radio', { name: 'Minimarket' }).getAttribute('aria-checked')).toBe('true');
  });
});
