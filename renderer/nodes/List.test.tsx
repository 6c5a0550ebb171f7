import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startTransition } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import type { Node, TextNode } from '../../schemas/generated/types';
import type { Widget } from '../runtime/contract';
import { renderNodes } from '../runtime/testing/render-nodes';
import { createTestServices } from '../runtime/testing/render-nodes';
import { RuntimeProvider } from '../runtime/runtime-context';
import { nodeElements } from '../runtime/RenderNodes';
import { registry } from './registry';
import { Text } from './Text';

/** The real text widget, counting its renders. */
function countingText(count: { n: number }): Widget<'text'> {
  const draw = Text as (props: { node: TextNode }) => ReactNode;
  return (props) => {
    count.n++;
    return draw(props);
  };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, content: `Complaint ${i + 1}` }));

describe('list', () => {
  it('draws the item template per item with item/index in scope', async () => {
    const r = renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          label: 'mine',
          itemKey: 'id',
          itemTemplate: [
            {
              type: 'button',
              label: 'open',
              args: { n: '{{ index + 1 }}', what: '{{ item.content }}' },
              onClick: [{ action: 'toast', message: 'id={{ item.id }}' }],
            },
          ],
          empty: [{ type: 'text', key: 'none' }],
        },
      ],
      {
        texts: { mine: 'My complaints', open: '{n}. {what}', none: 'No complaints yet' },
        state: {
          list: [
            { id: 7, content: 'Late' },
            { id: 9, content: 'Fee' },
          ],
        },
      },
    );
    const list = screen.getByRole('list', { name: 'My complaints' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: '2. Fee' }));
    expect(r.toasts.map((t) => t.message)).toEqual(['id=9']);
    expect(screen.queryByText('No complaints yet')).toBeNull();
  });
  it('shows the empty state for an empty or missing list', () => {
    renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          itemTemplate: [{ type: 'text', value: 'x' }],
          empty: [{ type: 'text', key: 'none' }],
        },
      ],
      {
        texts: { none: 'Applications are full, retry tomorrow' },
      },
    );
    expect(screen.getByText('Applications are full, retry tomorrow')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('leaves items that do not read the state alone when the state changes (a tap elsewhere on a long list)', async () => {
    const count = { n: 0 };
    const r = renderNodes(
      [
        { type: 'text', value: 'picked {{ state.picked }}' },
        { type: 'list', items: '{{ state.list }}', itemTemplate: [{ type: 'text', value: '{{ item.content }}' }] },
      ],
      { state: { list: items(50), picked: 0 }, registry: { ...registry, text: countingText(count) } },
    );
    expect(screen.getByText('Complaint 50')).toBeTruthy();
    count.n = 0;
    act(() => r.runtime.setState('picked', 7));
    expect(screen.getByText('picked 7')).toBeTruthy();
    // Only the text outside the list drew again (it was 51 before the list kept its items).
    expect(count.n).toBe(1);
    // A new list is drawn afresh.
    act(() => r.runtime.setState('list', items(3)));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('draws items that read the state again when it changes', async () => {
    const r = renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          itemTemplate: [
            { type: 'text', value: "{{ item.id == state.picked ? 'picked' : 'not' }} {{ item.id }}" },
            // A bound field reads the state without naming it in an expression.
            { type: 'text-field', bind: 'form.note', label: 'note' },
          ],
        },
      ],
      { state: { list: items(2), picked: 1, form: { note: 'a' } }, texts: { note: 'Note' } },
    );
    expect(screen.getByText('picked 1')).toBeTruthy();
    act(() => r.runtime.setState('picked', 2));
    expect(screen.getByText('not 1')).toBeTruthy();
    expect(screen.getByText('picked 2')).toBeTruthy();
    act(() => r.runtime.setState('form.note', 'b'));
    expect(screen.getAllByRole('textbox').map((e) => (e as HTMLInputElement).value)).toEqual(['b', 'b']);
  });

  it('hydrates a drawn list (as a transition, as the app does) without a mismatch; its items work after', async () => {
    const nodes: Node[] = [
      {
        type: 'list',
        items: '{{ state.list }}',
        itemKey: 'id',
        itemTemplate: [
          {
            type: 'button',
            label: 'open',
            args: { what: '{{ item.content }}' },
            onClick: [{ action: 'toast', message: 'opened {{ item.id }}' }],
          },
        ],
      },
    ];
    const n = 45;
    const make = () => createTestServices({ state: { list: items(n) }, texts: { open: 'Open {what}' } });
    const html = renderToString(<RuntimeProvider services={make().services}>{nodeElements(nodes)}</RuntimeProvider>);
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors: unknown[] = [];
    const { services, rec } = make();
    let app!: ReturnType<typeof hydrateRoot>;
    startTransition(() => {
      app = hydrateRoot(root, <RuntimeProvider services={services}>{nodeElements(nodes)}</RuntimeProvider>, {
        onRecoverableError: (e) => errors.push(e),
      });
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(errors).toEqual([]);
    expect(root.querySelectorAll('li')).toHaveLength(n);
    await act(async () => root.querySelectorAll('button')[n - 1].click());
    expect(rec.toasts.map((t) => t.message)).toEqual([`opened ${n}`]);
    app.unmount();
    root.remove();
  });

  it('a backend list that repeats an id leaves no stale row behind when the next answer replaces it', () => {
    // The same order twice in one answer (itemKey orderNo): the rows must still be exactly the ones the data says.
    const r = renderNodes(
      [
        {
          type: 'list',
          items: '{{ state.list }}',
          itemKey: 'id',
          itemTemplate: [{ type: 'text', value: '{{ item.c }}' }],
        },
      ],
      {
        state: {
          list: [
            { id: 1, c: 'Old order' },
            { id: 1, c: 'Old order again' },
            { id: 2, c: 'Second' },
          ],
        },
      },
    );
    const rows = () => screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows()).toEqual(['Old order', 'Old order again', 'Second']);
    act(() =>
      r.runtime.setState('list', [
        { id: 3, c: 'New order' },
        { id: 2, c: 'Second, updated' },
      ]),
    );
    expect(rows()).toEqual(['New order', 'Second, updated']);
    // An item without the key field beside one whose key equals its position.
    act(() => r.runtime.setState('list', [{ id: 1, c: 'Keyed 1' }, { c: 'Unkeyed' }]));
    act(() => r.runtime.setState('list', [{ c: 'Only row' }]));
    expect(rows()).toEqual(['Only row']);
  });
});
