import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('page', () => {
  it('has a title bar heading and a labelled back button running onBack', async () => {
    const r = renderNodes(
      [
        {
          type: 'page',
          title: 'page.title',
          onBack: [{ action: 'toast', key: 'went.back' }],
          children: [{ type: 'text', key: 'a' }],
        },
      ],
      {
        texts: { 'page.title': 'Detail Tagihan', 'widget.back': 'Kembali', a: 'Isi', 'went.back': 'back!' },
      },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Detail Tagihan' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('Isi');
    await userEvent.click(screen.getByRole('button', { name: 'Kembali' }));
    expect(r.toasts.map((t) => t.message)).toEqual(['back!']);
  });
  it('has no back button without onBack', () => {
    renderNodes([{ type: 'page', title: 'p', children: [] }]);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
