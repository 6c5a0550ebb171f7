import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderNodes } from '../runtime/test-utils';

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
});
