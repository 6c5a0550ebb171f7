import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateDocument } from '../../core/validation/validate-document';
import { catalog } from './schema-catalog';
import landing from '../../../screens/templates/default.json';
import { ENTRY, ID_TEXTS, items, openEditor, outline, rowOf, selectedRow, tree } from './testing/editor-fixture';

const STACK = '/body/0/children/0';
const CARD = `${STACK}/children/1`;

// jsdom does not lay out text; CodeMirror measures ranges after each change.
beforeAll(() => {
  Range.prototype.getClientRects ??= () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

/** Tabs from the page start until focus is in the outline (the tree is one Tab stop), as a keyboard gets there. */
async function tabIntoTree() {
  await screen.findByRole('tree', { name: 'Outline' });
  for (let i = 0; i < 30 && !tree().contains(document.activeElement); i++) await userEvent.tab();
  expect(document.activeElement?.getAttribute('role')).toBe('treeitem');
}

const stackChildren = () =>
  items()
    .filter((el) => el.dataset.pointer?.match(/^\/body\/0\/children\/0\/children\/\d+$/))
    .map((el) => el.querySelector('.outline__type')!.textContent);

describe('screen editor: outline by keyboard only', () => {
  it('selects with the arrows and moves My complaints below the problem types with Alt+Down', async () => {
    openEditor();
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/0`);
    expect(document.activeElement).toBe(selectedRow());
    await userEvent.keyboard('{Alt>}{ArrowDown}{ArrowDown}{ArrowDown}{/Alt}');
    expect(stackChildren()).toEqual(['card', 'list', 'choice-list', 'row', 'choice-list']);
    // The moved row keeps the selection and the focus, with My complaints inside it.
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/3`);
    expect(document.activeElement).toBe(selectedRow());
    expect(rowOf(`${STACK}/children/3/children/0`).textContent).toContain(ID_TEXTS['complaint.myComplaints']);
  });

  it('indents with Alt+Right, outdents with Alt+Left, and says why a refused indent is refused', async () => {
    openEditor();
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(selectedRow()?.dataset.pointer).toBe(CARD);
    expect(selectedRow()?.getAttribute('aria-level')).toBe('3');
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/0/children/1`);
    expect(selectedRow()?.getAttribute('aria-level')).toBe('4');
    expect(document.activeElement).toBe(selectedRow());
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(selectedRow()?.dataset.pointer).toBe(CARD);
    expect(selectedRow()?.getAttribute('aria-level')).toBe('3');
    // The list's empty text has no sibling above it to go into.
    await userEvent.keyboard('{End}{Alt>}{ArrowUp}{/Alt}');
    await userEvent.click(rowOf(`${STACK}/children/2/empty/0`));
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(screen.getByText(/There is no element above it in its slot/)).toBeTruthy();
  });

  it('folds with Left and unfolds with Right, going to the parent from a leaf', async () => {
    openEditor();
    await tabIntoTree();
    // The row the Tab lands on is selected by Enter (or Space).
    expect(selectedRow()).toBeUndefined();
    await userEvent.keyboard('{Enter}');
    expect(selectedRow()?.dataset.pointer).toBe('/body/0');
    await userEvent.keyboard('{ArrowDown}');
    const count = items().length;
    expect(selectedRow()?.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(selectedRow()?.getAttribute('aria-expanded')).toBe('false');
    expect(items()).toHaveLength(2);
    await userEvent.keyboard('{ArrowRight}');
    expect(items()).toHaveLength(count);
    await userEvent.keyboard('{ArrowRight}');
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/0`);
    await userEvent.keyboard('{ArrowDown}{ArrowLeft}');
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/0`);
    // Escape selects the document itself: the palette then adds at the end of the body.
    await userEvent.keyboard('{Escape}');
    expect(selectedRow()).toBeUndefined();
    expect(screen.getByRole('option', { name: 'at the end of "body" of the screen' })).toBeTruthy();
  });
});

describe('screen editor: delete asks first, undo and redo', () => {
  it('asks in a dialog before deleting; Cancel keeps the node; Ctrl+Z brings it back, Ctrl+Shift+Z removes it again', async () => {
    openEditor();
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Delete}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this card?' });
    expect(dialog.textContent).toContain(CARD);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(stackChildren()).toEqual(['row', 'card', 'list', 'choice-list', 'choice-list']);

    await userEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(stackChildren()).toEqual(['row', 'list', 'choice-list', 'choice-list']);
    expect(selectedRow()?.dataset.pointer).toBe(CARD);

    await userEvent.keyboard('{Control>}z{/Control}');
    expect(stackChildren()).toEqual(['row', 'card', 'list', 'choice-list', 'choice-list']);
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(stackChildren()).toEqual(['row', 'list', 'choice-list', 'choice-list']);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(stackChildren()).toContain('card');
    await userEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(stackChildren()).not.toContain('card');
    await userEvent.keyboard('{Control>}z{/Control}{Control>}y{/Control}');
    expect(stackChildren()).not.toContain('card');
  });

  it('duplicates with Ctrl+D and gives the copy a unique id', async () => {
    openEditor();
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Control>}d{/Control}');
    expect(stackChildren()).toEqual(['row', 'card', 'card', 'list', 'choice-list', 'choice-list']);
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/2`);
    expect(selectedRow()?.textContent).toContain(ID_TEXTS['complaint.orderCard']);
  });
});

describe('screen editor: property edits', () => {
  it('edits the selected node in its form; one field edit is one undo step', async () => {
    openEditor();
    await screen.findByRole('tree');
    await userEvent.click(rowOf(STACK));
    const pane = screen.getByRole('region', { name: 'Properties of stack' });
    // Enter on the row takes the keyboard on to the form.
    rowOf(STACK).focus();
    await userEvent.keyboard('{Enter}');
    expect(pane.contains(document.activeElement)).toBe(true);
    const gap = pane.querySelector<HTMLSelectElement>('[id="prop_gap"]')!;
    expect(gap.selectedOptions[0].textContent).toBe('md');
    await userEvent.selectOptions(gap, 'xl');
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const text = () =>
      EditorView.findFromDOM(screen.getByLabelText('JSON of screen complaint-entry'))!.state.doc.toString();
    expect(JSON.parse(text()).body[0].children[0].gap).toBe('xl');
    await userEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    expect(JSON.parse(text()).body[0].children[0].gap).toBe('md');
  });
  it("edits the screen's own fields when nothing is selected, keeping its body", async () => {
    openEditor();
    const pane = await screen.findByRole('region', { name: 'Properties of the screen' });
    const description = pane.querySelector<HTMLInputElement | HTMLTextAreaElement>('[id="doc_description"]')!;
    expect(description.value).toBe(ENTRY.description);
    fireEvent.change(description, { target: { value: 'Where a borrower files a complaint.' } });
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = JSON.parse(
      EditorView.findFromDOM(screen.getByLabelText('JSON of screen complaint-entry'))!.state.doc.toString(),
    );
    expect(json).toEqual({ ...ENTRY, description: 'Where a borrower files a complaint.' });
  });
});

describe('screen editor: drag and drop', () => {
  /** jsdom's drag events carry no coordinates: the height fraction the outline reads is set by hand. */
  function dragAt(type: 'dragOver' | 'drop', el: HTMLElement, dataTransfer: object, clientY: number) {
    const event = createEvent[type](el, { dataTransfer });
    Object.defineProperty(event, 'clientY', { value: clientY });
    fireEvent(el, event);
  }
  const data = () => {
    const store = new Map<string, string>();
    return {
      setData: (t: string, v: string) => void store.set(t, v),
      getData: (t: string) => store.get(t) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
  };

  it('moves a node between containers, and refuses a drop into itself with the reason', async () => {
    openEditor();
    await screen.findByRole('tree');
    const dt = data();
    fireEvent.dragStart(rowOf(`${STACK}/children/0/children/0`), { dataTransfer: dt });
    // jsdom has no layout: a drop lands at the top of the row, i.e. before it.
    fireEvent.dragOver(rowOf(CARD), { dataTransfer: dt, clientY: 0 });
    fireEvent.drop(rowOf(CARD), { dataTransfer: dt, clientY: 0 });
    expect(stackChildren()).toEqual(['row', 'link', 'card', 'list', 'choice-list', 'choice-list']);

    const again = data();
    fireEvent.dragStart(rowOf(STACK), { dataTransfer: again });
    fireEvent.dragOver(rowOf(`${STACK}/children/1`), { dataTransfer: again, clientY: 0 });
    expect(screen.getByText('Cannot drop here: An element cannot go inside itself.')).toBeTruthy();
    expect(again.dropEffect).toBe('none');
    fireEvent.drop(rowOf(`${STACK}/children/1`), { dataTransfer: again, clientY: 0 });
    expect(stackChildren()).toEqual(['row', 'link', 'card', 'list', 'choice-list', 'choice-list']);

    // Dropped on the middle of a container, even an empty one, it goes inside.
    await userEvent.click(rowOf(`${STACK}/children/0`));
    expect(rowOf(`${STACK}/children/0`).getAttribute('aria-expanded')).toBeNull();
    const empty = rowOf(`${STACK}/children/0`);
    empty.getBoundingClientRect = () => ({
      top: 0,
      height: 20,
      bottom: 20,
      left: 0,
      right: 100,
      width: 100,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const third = data();
    fireEvent.dragStart(rowOf(`${STACK}/children/1`), { dataTransfer: third });
    dragAt('dragOver', empty, third, 10);
    dragAt('drop', empty, third, 10);
    expect(stackChildren()).toEqual(['row', 'card', 'list', 'choice-list', 'choice-list']);
    expect(rowOf(`${STACK}/children/0/children/0`).querySelector('.outline__type')?.textContent).toBe('link');
  });
});

describe('screen editor: palette', () => {
  // One insertion and outline per type (34 and more): seconds on a shared 2-core machine.
  it('inserts every node type of the schemas into a real screen and the saved document is valid', async () => {
    const { calls } = openEditor();
    await screen.findByRole('tree');
    const palette = screen.getByRole('region', { name: 'Add' });
    const names = catalog.types('node').map((t) => t.name);
    expect(names.length).toBeGreaterThan(30);
    await userEvent.click(rowOf(STACK));
    for (const name of names) {
      // Each new node is selected: the next goes after it, so all end up in the stack's children, in order.
      const where = within(palette).getByLabelText('Where') as HTMLSelectElement;
      const options = [...where.options];
      const place = name === names[0] ? options[0] : options.find((o) => o.text.startsWith('after this'))!;
      fireEvent.change(where, { target: { value: place.value } });
      fireEvent.click(within(palette).getByRole('button', { name }));
      expect([name, document.querySelector('.screen-editor__count')?.textContent]).toEqual([
        name,
        'No schema problems',
      ]);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved.');
    const body = calls.find((c) => c.method === 'PUT')!.body as typeof ENTRY;
    expect(validateDocument('screen', body)).toEqual([]);
    const added = (body.body[0].children[0] as { children: { type: string }[] }).children.slice(5).map((n) => n.type);
    expect(added).toEqual(names);
  }, 60000);

  it('offers the places the selection gives and inserts after the selected node', async () => {
    openEditor();
    await screen.findByRole('tree');
    await userEvent.click(rowOf(`${STACK}/children/3`));
    const palette = screen.getByRole('region', { name: 'Add' });
    const where = within(palette).getByLabelText('Where') as HTMLSelectElement;
    expect([...where.options].map((o) => o.text)).toEqual(['after this choice-list in the "children" of stack']);
    await userEvent.click(within(palette).getByRole('button', { name: 'divider' }));
    expect(stackChildren()).toEqual(['row', 'card', 'list', 'choice-list', 'divider', 'choice-list']);
    expect(selectedRow()?.dataset.pointer).toBe(`${STACK}/children/4`);
  });
});

describe('landing template in the editor', () => {
  it('marks the registration section required: Delete explains and cannot confirm; it still moves', async () => {
    const template = structuredClone(landing) as { sections: Record<string, unknown>[] };
    template.sections.push(
      catalog.skeleton(
        'landing-section',
        catalog.types('landing-section').find((t) => t.name !== 'registration')!.name,
      ),
    );
    openEditor(template);
    await tabIntoTree();
    expect(selectedRow()).toBeUndefined();
    const reg = rowOf('/sections/0');
    expect(reg.querySelector('.outline__locked')?.textContent).toMatch(/^required/);
    expect(reg.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Delete}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this registration?' });
    expect(dialog.textContent).toMatch(/It cannot be deleted: The "sections" of the landing-template needs it/);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(rowOf('/sections/1').querySelector('.outline__type')?.textContent).toBe('registration');
  });
});

describe('screen editor and the JSON view: one draft', () => {
  function setJson(text: string) {
    const view = EditorView.findFromDOM(screen.getByLabelText('JSON of screen complaint-entry'))!;
    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
  }

  it('shows an edit of either view in the other; invalid JSON keeps you in the JSON view with its error', async () => {
    openEditor();
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Alt>}{ArrowDown}{/Alt}');
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = JSON.parse(
      EditorView.findFromDOM(screen.getByLabelText('JSON of screen complaint-entry'))!.state.doc.toString(),
    );
    expect(json.body[0].children[0].children.map((n: { type: string }) => n.type)).toEqual([
      'card',
      'row',
      'list',
      'choice-list',
      'choice-list',
    ]);

    json.body[0].children[0].children[1].children[0].label = 'complaint.orderCard';
    setJson(JSON.stringify(json, null, 2));
    await userEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    expect(rowOf(`${STACK}/children/1/children/0`).textContent).toContain(ID_TEXTS['complaint.orderCard']);
    // The JSON edit is one undo step of the editor.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(rowOf(`${STACK}/children/1/children/0`).textContent).toContain(ID_TEXTS['complaint.myComplaints']);

    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    setJson('{ "kind": "screen", ');
    await userEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    expect(screen.getByRole('alert').textContent).toMatch(/The editor needs valid JSON: not valid JSON/);
    expect(screen.getByRole('tab', { name: 'JSON' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('refuses to save an invalid edit, naming its pointer, and marks the node in the outline', async () => {
    const broken = structuredClone(ENTRY) as typeof ENTRY;
    (broken.body[0].children[0].children[1] as Record<string, unknown>).title = 'Not A Key';
    const { calls } = openEditor();
    await screen.findByRole('tree');
    await userEvent.click(screen.getByRole('tab', { name: 'JSON' }));
    setJson(JSON.stringify(broken, null, 2));
    await userEvent.click(screen.getByRole('tab', { name: 'Editor' }));
    expect(rowOf(CARD).querySelector('.outline__problems')?.textContent).toBe('1 problem');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert').textContent).toMatch(
      new RegExp(`^Not saved: 1 problem to fix first\\. ${CARD}/title: does not match`),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    // Folded away, the node with the problem is shown when it is selected from the toolbar.
    await userEvent.click(rowOf(STACK));
    await userEvent.keyboard('{ArrowLeft}');
    expect(items().map((el) => el.dataset.pointer)).toEqual(['/body/0', STACK]);
    await userEvent.click(screen.getByRole('button', { name: '1 problem: show the first' }));
    expect(selectedRow()?.dataset.pointer).toBe(CARD);
    expect(screen.getByRole('region', { name: 'Properties of card' }).textContent).toContain(`${CARD}/title`);
    // Undone, nothing is left to refuse: the refusal goes with it.
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByText(/^Not saved:/)).toBeNull();
  });

  it('keeps the outline read-only for a viewer', async () => {
    openEditor(ENTRY, 'viewer');
    await tabIntoTree();
    await userEvent.keyboard('{ArrowDown}{Alt>}{ArrowDown}{/Alt}{Delete}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(outline().slice(0, 3)).toEqual(['1 page', '2 stack', '3 row']);
    for (const name of ['Move up', 'Delete…', 'Undo']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull());
  });
});
