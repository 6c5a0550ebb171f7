import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import routeMap from '../../../../screens/maps/route-map.json';
import { fakeEditorContext } from '../../testing/fake-editor-context';
import { renderEditedForm } from '../../testing/edited-form';

describe('navigate target and api endpoint pickers', () => {
  it('picks a navigate target from the route map paths', async () => {
    const { context } = fakeEditorContext();
    const { last } = renderEditedForm('action', { action: 'navigate', to: '/complaint', replace: true }, context);
    const select = screen.getByLabelText('To') as HTMLSelectElement;
    expect(select.value).toBe('/complaint');
    const paths = [...select.options].map((o) => o.value).filter(Boolean);
    expect(paths).toEqual(routeMap.routes.map((r) => r.path));
    fireEvent.change(select, { target: { value: '/complaintList' } });
    await waitFor(() => expect(last()).toEqual({ action: 'navigate', to: '/complaintList', replace: true }));
  });

  it('keeps a target missing from the route map and says so', () => {
    const { context } = fakeEditorContext();
    renderEditedForm('action', { action: 'navigate', to: '/gone' }, context);
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('/gone');
    expect(screen.getByText('/gone is not in the route map.')).toBeTruthy();
  });

  it('lists the endpoint declared params as the param rows and follows a change of endpoint', async () => {
    const { context } = fakeEditorContext({ preview: { 'query.orderId': 'A7' }, screenState: {} });
    const { last } = renderEditedForm(
      'action',
      {
        action: 'api',
        endpoint: 'problemInit',
        resultTo: 'init',
        onSuccess: [{ action: 'toast', key: 'gallery.copied' }],
      },
      context,
    );
    const params = screen.getByRole('group', { name: 'Params' });
    fireEvent.change(within(params).getByLabelText('orderId'), { target: { value: '{{ query.orderId }}' } });
    await waitFor(() => expect(last()!.params).toEqual({ orderId: '{{ query.orderId }}' }));
    expect(within(params).getByText('In the preview:').textContent).toContain('A7');
    fireEvent.change(screen.getByLabelText(/^Endpoint/), { target: { value: 'saveScore' } });
    await waitFor(() => expect(last()!.endpoint).toBe('saveScore'));
    const rows = within(screen.getByRole('group', { name: 'Params' }));
    expect(rows.getByLabelText('score')).toBeTruthy();
    expect(rows.getByLabelText('problemId')).toBeTruthy();
    // The old param is kept, marked, and removable.
    expect(rows.getByText(/not declared by saveScore/)).toBeTruthy();
    fireEvent.click(rows.getByRole('button', { name: 'Remove orderId' }));
    await waitFor(() => expect(last()!.params).toEqual({}));
    expect(last()!.onSuccess).toEqual([{ action: 'toast', key: 'gallery.copied' }]);
  });
});
