import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeEditorContext } from '../../testing/fake-editor-context';
import { renderEditedForm } from '../../testing/edited-form';

const button = {
  type: 'button',
  label: 'gallery.open',
  onClick: [
    { action: 'api', endpoint: 'problemInit', onSuccess: [{ action: 'toast', key: 'gallery.copied' }] },
    { action: 'openModal', id: 'demo' },
  ],
};

describe('action list editor', () => {
  it('adds a step of any action type, reorders and removes steps', async () => {
    const { context } = fakeEditorContext();
    const { last } = renderEditedForm('node', button, context);
    const list = screen.getByRole('group', { name: 'On click' });
    const add = within(list).getAllByLabelText('Step type').at(-1) as HTMLSelectElement;
    // Every action type of the schemas is offered.
    expect([...add.options].map((o) => o.value)).toEqual(expect.arrayContaining(['api', 'navigate', 'if', 'upload']));
    fireEvent.change(add, { target: { value: 'navigate' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Add step to On click' }));
    await waitFor(() => expect(last()!.onClick).toHaveLength(3));
    expect((last()!.onClick as unknown[])[2]).toEqual({ action: 'navigate', back: true });
    fireEvent.click(screen.getByRole('button', { name: 'Move On click step 3: navigate up' }));
    await waitFor(() =>
      expect((last()!.onClick as { action: string }[]).map((s) => s.action)).toEqual(['api', 'navigate', 'openModal']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove On click step 1: api' }));
    await waitFor(() =>
      expect(last()!.onClick).toEqual([
        { action: 'navigate', back: true },
        { action: 'openModal', id: 'demo' },
      ]),
    );
    expect(last()!.label).toBe('gallery.open');
  });

  it('edits a nested onSuccess list with the same editor, each step a form of its own schema', async () => {
    const { context } = fakeEditorContext();
    const { last } = renderEditedForm('node', button, context);
    const onSuccess = screen.getByRole('group', { name: 'On success' });
    const toastKey = within(onSuccess).getByLabelText('Key') as HTMLInputElement;
    expect(toastKey.value).toBe('gallery.copied');
    fireEvent.change(within(onSuccess).getByLabelText('Step type'), { target: { value: 'closeModal' } });
    fireEvent.click(within(onSuccess).getByRole('button', { name: 'Add step to On success' }));
    await waitFor(() =>
      expect(last()!.onClick).toEqual([
        {
          action: 'api',
          endpoint: 'problemInit',
          onSuccess: [
            { action: 'toast', key: 'gallery.copied' },
            { action: 'closeModal', id: 'demo' },
          ],
        },
        button.onClick[1],
      ]),
    );
    // The untouched step is the same object: the history and the outline see only the edit.
    expect((last()!.onClick as unknown[])[1]).toBe(button.onClick[1]);
  });

  it('shows each problem at its field, inside the step it belongs to, and the rest above the form', () => {
    const { context } = fakeEditorContext();
    renderEditedForm('node', button, context, [
      { pointer: '/label', message: 'text key "gallery.open" is missing in en-IN' },
      { pointer: '/onClick/1/id', message: 'no modal "demo" on this screen' },
      { pointer: '', message: 'unknown property "colour": remove it or fix its spelling' },
    ]);
    const step = screen.getByRole('listitem', { name: 'On click step 2: openModal' });
    expect(within(step).getByText('no modal "demo" on this screen')).toBeTruthy();
    const label = screen.getByText('text key "gallery.open" is missing in en-IN');
    expect(label.closest('.rjsf-field')?.querySelector('#prop_label')).toBeTruthy();
    const above = screen.getAllByRole('list', { name: 'Problems' })[0];
    expect(above.textContent).toContain('unknown property "colour"');
  });

  it('hides child slots: the outline edits them and shows their problems', () => {
    const { context } = fakeEditorContext();
    const card = { type: 'card', title: 'gallery.s.text', children: [{ type: 'text' }] };
    const { container } = renderEditedForm('node', card, context, [
      { pointer: '/children/0', message: 'a text needs key or value' },
      { pointer: '/children', message: 'the card has no content' },
    ]);
    expect(screen.queryByText('a text needs key or value')).toBeNull();
    expect(screen.getByText('the card has no content')).toBeTruthy();
    expect(container.querySelector('#prop_children')).toBeNull();
    expect(screen.queryByText('Children')).toBeNull();
    expect((container.querySelector('#prop_title') as HTMLInputElement).value).toBe('gallery.s.text');
  });
});
