import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('card', () => {
  it('groups content under its heading; without onClick it is not pressable', () => {
    renderNodes([{ type: 'card', title: 'order', children: [{ type: 'text', value: 'Dana Kilat' }] }], {
      texts: { order: 'Pesanan' },
    });
    expect(screen.getByRole('heading', { name: 'Pesanan' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('its heading is h3 unless the document gives a level (after a page title: 2)', () => {
    renderNodes(
      [
        { type: 'card', title: 'order', children: [] },
        { type: 'card', title: 'order', level: 2, children: [] },
      ],
      { texts: { order: 'Pesanan' } },
    );
    expect(screen.getAllByRole('heading', { name: 'Pesanan' }).map((h) => h.tagName)).toEqual(['H3', 'H2']);
  });
  it('a pressable card works by tap and by keyboard', async () => {
    const r = renderNodes(
      [
        {
          type: 'card',
          accessibleLabel: 'Complaint {{ state.id }}',
          onClick: [{ action: 'toast', message: 'open' }],
          children: [],
        },
      ],
      { state: { id: 7 } },
    );
    const card = screen.getByRole('button', { name: 'Complaint 7' });
    await userEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    await new Promise((res) => setTimeout(res, 0));
    expect(r.toasts.map((t) => t.message)).toEqual(['open', 'open']);
  });
});
