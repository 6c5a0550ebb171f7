import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('list', () => {
  it('draws the item template per item with item/index in scope', async () => {
    const r = renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          label: 'mine',
          itemKey: 'id',
          itemTemplate: [
            {
              type: 'button',
              label: 'open',
              args: { n: '{{ index + 1 }}', what: '{{ item.content }}' },
              onClick: [{ action: 'toast', message: 'id={{ item.id }}' }],
            },
          ],
          empty: [{ type: 'text', key: 'none' }],
        },
      ],
      {
        texts: { mine: 'My complaints', open: '{n}. {what}', none: 'No complaints yet' },
        state: {
          list: [
            { id: 7, content: 'Late' },
            { id: 9, content: 'Fee' },
          ],
        },
      },
    );
    const list = screen.getByRole('list', { name: 'My complaints' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '2. Fee' }));
    expect(r.toasts.map((t) => t.message)).toEqual(['id=9']);
    expect(screen.queryByText('No complaints yet')).toBeNull();
  });
  it('shows the empty state for an empty or missing list', () => {
    renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          itemTemplate: [{ type: 'text', value: 'x' }],
          empty: [{ type: 'text', key: 'none' }],
        },
      ],
      {
        texts: { none: 'Applications are full, retry tomorrow' },
      },
    );
    expect(screen.getByText('Applications are full, retry tomorrow')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
