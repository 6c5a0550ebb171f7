import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/testing/render-nodes';

describe('textarea', () => {
  it('counts characters as n/200 and ignores input past the limit', async () => {
    const r = renderNodes([{ type: 'textarea', bind: 'detail', label: 'detail' }], { texts: { detail: 'Deskripsi' } });
    const box = screen.getByLabelText('Deskripsi') as HTMLTextAreaElement;
    await userEvent.type(box, 'Halo');
    expect(screen.getByText('4/200')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(200) } });
    expect(screen.getByText('200/200')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(201) } });
    expect(r.state().detail).toBe('x'.repeat(200));
  });
  it('read-only shows the content with its counter', () => {
    renderNodes([{ type: 'textarea', bind: 'c', label: 'c', readOnly: true }], { state: { c: 'Uang belum masuk' } });
    expect((screen.getByLabelText('c') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.getByText('16/200')).toBeTruthy();
  });
  it('takes its limit from the market document through a binding', () => {
    const r = renderNodes(
      [{ type: 'textarea', bind: 'd', label: 'd', maxLength: '{{ market.limits.complaintTextMax }}' }],
      {
        market: { limits: { complaintTextMax: 50 } },
      },
    );
    expect(screen.getByText('0/50')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('d'), { target: { value: 'x'.repeat(51) } });
    expect(r.state().d ?? '').toBe('');
    fireEvent.change(screen.getByLabelText('d'), { target: { value: 'x'.repeat(50) } });
    expect(r.state().d).toBe('x'.repeat(50));
  });
  it('falls back to 200 and logs when the binding does not give a number', () => {
    const r = renderNodes([{ type: 'textarea', bind: 'd', label: 'd', maxLength: '{{ market.limits.missing }}' }], {
      market: { limits: {} },
    });
    expect(screen.getByText('0/200')).toBeTruthy();
    expect(r.logs.some((l) => l.message.includes('is not a number'))).toBe(true);
  });
});
