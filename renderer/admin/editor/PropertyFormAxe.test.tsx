import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fakeEditorContext } from '../testing/fake-editor-context';
import PropertyForm from './PropertyForm';
import { catalog, type Family } from './schema-catalog';

/** Serious and critical axe violations (jsdom has no layout: contrast is left to the browser tests). */
async function violations(root: Element) {
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const { context } = fakeEditorContext({ screenState: { order: { productName: 'Dana Kilat' } } });

describe('property forms under axe', () => {
  it.each(
    (['node', 'action'] as Family[]).flatMap((f) => catalog.types(f).map((t) => [f, t.name] as [Family, string])),
  )(
    '%s %s: the generated form has no serious or critical violation',
    async (family, name) => {
      const { container } = render(
        <PropertyForm
          element={catalog.get(family, name)!.example!}
          family={family}
          name={name}
          problems={[{ pointer: '', message: 'a problem above the form' }]}
          onChange={() => {}}
          context={context}
        />,
      );
      expect(await violations(container)).toEqual([]);
    },
    30000,
  );

  it('with the copy search, the new key form and the binding picker open', async () => {
    const button = catalog.get('node', 'button')!.example!;
    const { container } = render(
      <PropertyForm element={button} family="node" name="button" problems={[]} onChange={() => {}} context={context} />,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Find copy' })[0]);
    fireEvent.change(screen.getByLabelText('Search keys and copy'), { target: { value: 'gallery' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'New key' })[0]);
    const when = screen.getAllByLabelText('When')[0];
    fireEvent.click(within(when.parentElement!).getByRole('button', { name: 'Bind' }));
    expect(screen.getByRole('group', { name: 'Bindings' })).toBeTruthy();
    expect(await violations(container)).toEqual([]);
  }, 30000);
});
