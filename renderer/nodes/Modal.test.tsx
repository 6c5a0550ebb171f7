import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

const texts = { rate: 'Rate our service', cancel: 'Cancel' };

describe('modal', () => {
  it('shows while state.$modals[id] is true as a labelled modal dialog; the mask closes it', async () => {
    const r = renderNodes(
      [
        {
          type: 'modal',
          id: 'rating',
          title: 'rate',
          children: [{ type: 'button', label: 'cancel', onClick: [{ action: 'closeModal', id: 'rating' }] }],
        },
      ],
      {
        texts,
        state: { $modals: { rating: false } },
      },
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    r.runtime.setState('$modals.rating', true);
    const dialog = await screen.findByRole('dialog', { name: 'Rate our service' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    await userEvent.click(screen.getByTestId('modal-mask-rating'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(r.state().$modals).toEqual({ rating: false });
  });
  it('a modal that is not mask-closable ignores the mask and Escape', async () => {
    renderNodes([{ type: 'modal', id: 'agreement', title: 'rate', maskClosable: false, children: [] }], {
      texts,
      state: { $modals: { agreement: true } },
    });
    const dialog = screen.getByRole('dialog');
    await userEvent.click(screen.getByTestId('modal-mask-agreement'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
  it('Escape closes a mask-closable modal', async () => {
    renderNodes([{ type: 'modal', id: 'm', title: 'rate', children: [] }], { texts, state: { $modals: { m: true } } });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
