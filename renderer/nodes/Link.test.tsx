import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('link', () => {
  it('links a route with the common params carried and its own query', () => {
    renderNodes([{ type: 'link', label: 'mine', route: '/complaintList', query: { orderNo: '{{ state.orderNo }}' } }], {
      texts: { mine: 'My complaints' },
      query: { token: 't1', deviceId: 'd9', unrelated: 'x' },
      state: { orderNo: 'A1' },
    });
    const a = screen.getByRole('link', { name: 'My complaints' });
    expect(a.getAttribute('href')).toBe('/complaintList?deviceId=d9&token=t1&orderNo=A1');
  });
  it('a tap on a route link navigates inside the app with the same target', async () => {
    const r = renderNodes(
      [{ type: 'link', label: 'mine', route: '/complaintList', query: { orderNo: '{{ state.orderNo }}' } }],
      {
        query: { token: 't1' },
        state: { orderNo: 'A1' },
      },
    );
    await userEvent.click(screen.getByRole('link', { name: 'mine' }));
    expect(r.navigations).toEqual([{ to: '/complaintList?token=t1&orderNo=A1', replace: false }]);
  });
  it('external addresses only with allowed schemes', () => {
    const r = renderNodes(
      [
        { type: 'link', label: 'mail', url: '{{ state.mail }}' },
        { type: 'link', label: 'bad', url: '{{ state.bad }}' },
      ],
      { state: { mail: 'mailto:cs@example.com', bad: 'javascript:alert(1)' } },
    );
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:cs@example.com');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(screen.getByText('bad')).toBeTruthy();
    expect(r.logs.some((l) => l.message.startsWith('link: refused'))).toBe(true);
  });
});
