import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('icon-grid', () => {
  it('each tile is a button running its actions', async () => {
    const r = renderNodes(
      [
        {
          type: 'icon-grid',
          items: [
            { label: 'loan', icon: '/i/loan.png', onClick: [{ action: 'toast', message: 'loan!' }] },
            { label: 'repay' },
          ],
        },
      ],
      {
        texts: { loan: 'Pinjaman', repay: 'Bayar' },
      },
    );
    expect(screen.getAllByRole('button')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Pinjaman' }));
    expect(r.toasts.map((t) => t.message)).toEqual(['loan!']);
  });
});
