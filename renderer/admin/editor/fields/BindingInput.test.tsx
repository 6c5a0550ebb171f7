import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeEditorContext } from '../../testing/fake-editor-context';
import { renderEditedForm } from '../../testing/edited-form';

const state = { order: { productName: 'Dana Kilat', status: 2 }, logo: '/icons/logo.svg' };

describe('binding picker', () => {
  it('lists state, market and preview fields with the value in the current preview, and binds the pick', async () => {
    const { context } = fakeEditorContext({
      screenState: state,
      // The preview has loaded the order: its status is no longer the document's initial value.
      preview: { 'state.order.status': 5, 'query.orderId': 'A7', query: { orderId: 'A7' } },
    });
    const { last } = renderEditedForm('node', { type: 'text', value: 'Status' }, context);
    const when = screen.getByLabelText('When');
    fireEvent.click(within(when.parentElement!).getByRole('button', { name: 'Bind' }));
    const picker = screen.getByRole('group', { name: 'Bindings' });
    fireEvent.change(within(picker).getByLabelText('Search bindings'), { target: { value: 'status' } });
    const status = within(picker).getByRole('button', { name: /state\.order\.status/ });
    expect(status.textContent).toContain('5');
    expect(within(picker).queryByRole('button', { name: /state\.order\.productName/ })).toBeNull();
    fireEvent.click(status);
    // A condition takes the bare path.
    await waitFor(() => expect(last()).toEqual({ type: 'text', value: 'Status', when: 'state.order.status' }));
    // The keyboard is back in the box the picker filled.
    expect(document.activeElement).toBe(screen.getByLabelText('When'));
    expect(screen.getByText('In the preview:').textContent).toContain('5');

    const value = screen.getByLabelText('Value');
    fireEvent.click(within(value.parentElement!).getByRole('button', { name: 'Bind' }));
    const again = screen.getByRole('group', { name: 'Bindings' });
    fireEvent.change(within(again).getByLabelText('Search bindings'), { target: { value: 'orderId' } });
    fireEvent.click(within(again).getByRole('button', { name: /query\.orderId/ }));
    // A template joins its text with the binding.
    await waitFor(() => expect(last()!.value).toBe('Status {{ query.orderId }}'));
  });

  it('offers the market limits for a limit, bound as {{ market.limits.* }}, and calls out a literal', async () => {
    const { context } = fakeEditorContext();
    const { last } = renderEditedForm('action', { action: 'delay', ms: 3000 }, context);
    expect(screen.getByText(/A literal limit/)).toBeTruthy();
    const select = screen.getByLabelText(/^Ms/) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toContain('limits.ratingModalDelayMs (3000)');
    fireEvent.change(select, { target: { value: 'market.limits.ratingModalDelayMs' } });
    await waitFor(() => expect(last()).toEqual({ action: 'delay', ms: '{{ market.limits.ratingModalDelayMs }}' }));
    expect(screen.queryByText(/A literal limit/)).toBeNull();
  });

  it('uploads an image through the media route and keeps its address', async () => {
    const { context, uploadImage } = fakeEditorContext({ uploadedUrl: '/media/banner-1.png' });
    const { last } = renderEditedForm('node', { type: 'image', src: '{{ state.logo }}' }, context);
    const file = new File(['png'], 'banner.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload an image'), { target: { files: [file] } });
    await waitFor(() => expect(last()).toEqual({ type: 'image', src: '/media/banner-1.png' }));
    expect(uploadImage).toHaveBeenCalledWith(file);
    expect(screen.getByRole('status').textContent).toBe('Uploaded banner.png.');
  });
});
