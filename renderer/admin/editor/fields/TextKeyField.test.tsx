import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeEditorContext } from '../../testing/fake-editor-context';
import { renderEditedForm } from '../../testing/edited-form';

const button = { type: 'button', label: 'gallery.open', onClick: [{ action: 'openModal', id: 'demo' }] };

describe('text key field', () => {
  it('shows the chosen key in both locales and finds a key by its copy in either locale', async () => {
    const { context } = fakeEditorContext();
    const { last } = renderEditedForm('node', button, context);
    expect(screen.getByText('Buka dialog')).toBeTruthy();
    expect(screen.getByText(context.texts['en-IN']['gallery.open'])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find copy' }));
    // Indonesian copy of gallery.link: "Keluhan saya".
    fireEvent.change(screen.getByLabelText('Search keys and copy'), { target: { value: 'keluhan saya' } });
    const hit = screen.getByRole('button', { name: /gallery\.link/ });
    expect(hit.textContent).toContain('id-ID: Keluhan saya');
    expect(hit.textContent).toContain(`en-IN: ${context.texts['en-IN']['gallery.link']}`);
    fireEvent.click(hit);
    await waitFor(() => expect(last()?.label).toBe('gallery.link'));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Label/));
    expect(last()!.onClick).toBe(button.onClick);
  });

  it('creates a new key in both locales, shows the copy checks findings, and uses it only when accepted', async () => {
    const finding = 'Warning: gallery.newBanner (id-ID), check length: longer than 32 characters';
    const { context, createKey } = fakeEditorContext({ findings: [finding] });
    const { changes, last } = renderEditedForm('node', button, context);
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const form = screen.getByRole('group', { name: 'New text key' });
    fireEvent.change(within(form).getByLabelText('New key'), { target: { value: 'Not A Key' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and check' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/dotted lower-camel/);
    fireEvent.change(within(form).getByLabelText('New key'), { target: { value: 'gallery.newBanner' } });
    fireEvent.change(within(form).getByLabelText('Copy (en-IN)'), { target: { value: 'New offer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and check' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/missing: id-ID/);
    expect(createKey).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText('Copy (id-ID)'), {
      target: { value: 'Penawaran baru yang sangat panjang sekali' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and check' }));
    const findings = await within(form).findByText(finding);
    expect(findings).toBeTruthy();
    expect(createKey).toHaveBeenCalledWith('gallery.newBanner', {
      'en-IN': 'New offer',
      'id-ID': 'Penawaran baru yang sangat panjang sekali',
    });
    // Not used before the editor has read the findings and accepted them.
    expect(changes).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Use gallery.newBanner anyway' }));
    await waitFor(() => expect(last()?.label).toBe('gallery.newBanner'));
    expect(screen.getByText('New offer')).toBeTruthy();
  });

  it('uses a new key at once when the copy checks find nothing, and refuses an existing key', async () => {
    const { context, createKey } = fakeEditorContext();
    const { last } = renderEditedForm('node', button, context);
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const form = screen.getByRole('group', { name: 'New text key' });
    fireEvent.change(within(form).getByLabelText('New key'), { target: { value: 'gallery.open' } });
    fireEvent.change(within(form).getByLabelText('Copy (en-IN)'), { target: { value: 'Open' } });
    fireEvent.change(within(form).getByLabelText('Copy (id-ID)'), { target: { value: 'Buka' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and check' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/already exists/);
    fireEvent.change(within(form).getByLabelText('New key'), { target: { value: 'gallery.openNow' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create and check' }));
    await waitFor(() => expect(last()?.label).toBe('gallery.openNow'));
    expect(createKey).toHaveBeenCalledTimes(1);
  });
});
