import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('button', () => {
  it('is a real button that runs its actions', async () => {
    const r = renderNodes([{ type: 'button', label: 'send', onClick: [{ action: 'toast', key: 'sent' }] }], {
      texts: { send: 'Kirim', sent: 'Terkirim' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(r.toasts.map((t) => t.message)).toEqual(['Terkirim']);
  });
  it('is disabled while its expression is truthy and then runs nothing', async () => {
    const r = renderNodes(
      [{ type: 'button', label: 'confirm', disabled: '!state.agree', onClick: [{ action: 'toast', message: 'go' }] }],
      { state: { agree: false } },
    );
    const button = screen.getByRole('button', { name: 'confirm' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(button);
    expect(r.toasts).toEqual([]);
    r.runtime.setState('agree', true);
    await screen.findByRole('button', { name: 'confirm' });
    expect((screen.getByRole('button', { name: 'confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });
  it('ignores a second tap while the first run is in flight', async () => {
    let calls = 0;
    let release!: () => void;
    renderNodes([{ type: 'button', label: 'pay', onClick: [{ action: 'api', endpoint: 'pay' }] }], {
      api: { pay: () => new Promise((res) => ((calls += 1), (release = () => res({ code: 0 })))) },
    });
    const button = screen.getByRole('button', { name: 'pay' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(calls).toBe(1);
    release();
  });
});
