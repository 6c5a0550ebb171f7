import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/test-utils';

describe('page, stack, row, divider, card, tag', () => {
  it('page has a title bar heading and a back button only when it has onBack', async () => {
    const r = renderNodes(
      [
        {
          type: 'page',
          title: 'page.title',
          onBack: [{ action: 'toast', key: 'went.back' }],
          children: [
            { type: 'stack', gap: 'md', children: [{ type: 'text', key: 'a' }, { type: 'divider' }] },
            { type: 'row', justify: 'between', children: [{ type: 'text', key: 'b' }, { type: 'tag', key: 'c', tone: 'info' }] },
            { type: 'card', title: 'card.title', children: [{ type: 'text', key: 'd' }] },
          ],
        },
      ],
      { texts: { 'page.title': 'Detail Tagihan', 'widget.back': 'Back', a: 'A', b: 'B', c: 'C', d: 'D', 'card.title': 'Order', 'went.back': 'back!' } },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Detail Tagihan' })).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(screen.getByText('C').className).toContain('sdui-tag--info');
    expect(screen.getByRole('heading', { name: 'Order' })).toBeTruthy();
    screen.getByRole('button', { name: 'Back' }).click();
    await Promise.resolve();
    expect(r.toasts.map((t) => t.message)).toEqual(['back!']);
  });
  it('page without onBack has no back button', () => {
    renderNodes([{ type: 'page', title: 'p', children: [] }]);
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('a pressable card is a keyboard-operable button', async () => {
    const r = renderNodes([{ type: 'card', accessibleLabel: 'Complaint 7', onClick: [{ action: 'toast', message: 'open' }], children: [] }]);
    const card = screen.getByRole('button', { name: 'Complaint 7' });
    card.focus();
    card.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await new Promise((res) => setTimeout(res, 0));
    expect(r.toasts.map((t) => t.message)).toEqual(['open']);
  });
});
