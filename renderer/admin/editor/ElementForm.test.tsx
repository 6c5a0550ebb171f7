import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type Form from '@rjsf/core';
import { fakeEditorContext } from '../testing/fake-editor-context';
import { renderEditedForm } from '../testing/edited-form';
import ElementForm from './ElementForm';
import { toText } from './fields/binding-text';
import { formSchemaOf } from './form-schema';
import { catalog, idLookup, type Family } from './schema-catalog';
import template from '../../../screens/templates/default.json';

const { context } = fakeEditorContext({ screenState: { order: { productName: 'Dana Kilat' } } });

/** Every node and action type with its gallery fixture. */
const cases = (['node', 'action'] as Family[]).flatMap((family) =>
  catalog.types(family).map((t) => ({ family, name: t.name, example: t.example })),
);

describe('generated property forms round-trip the gallery fixtures', () => {
  it('has a gallery fixture for every node and action type', () => {
    expect(cases.filter((c) => !c.example).map((c) => `${c.family} ${c.name}`)).toEqual([]);
  });

  it.each(cases)(
    '$family $name: the form holds the fixture unchanged and shows it',
    async ({ family, name, example }) => {
      const fixture = structuredClone(example!);
      const onChange = vi.fn();
      const formRef = createRef<Form>();
      const { container } = render(
        <ElementForm
          element={fixture}
          family={family}
          name={name}
          problems={[]}
          onChange={onChange}
          context={context}
          formRef={formRef}
        />,
      );
      await act(async () => new Promise((r) => setTimeout(r, 0)));
      expect(onChange).not.toHaveBeenCalled();
      expect(formRef.current!.state.formData).toEqual(example);
      expect(fixture).toEqual(example);
      // Every scalar property the form shows is in a box with its value.
      const form = formSchemaOf(catalog.get(family, name)!.schema, catalog.discriminator(family), idLookup);
      for (const [key, value] of Object.entries(example!)) {
        if (!form.shown.has(key) || typeof value === 'object' || typeof value === 'boolean') continue;
        const box = container.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="prop_${key}"]`);
        expect(box, `${name}.${key}`).not.toBeNull();
        const literal = container.querySelector<HTMLInputElement>(`[id="prop_${key}__literal"]`);
        // @rjsf's enum selects carry option indexes as values: their chosen option's text is the value.
        const shown =
          literal?.value ?? (box instanceof HTMLSelectElement ? box.selectedOptions[0]?.textContent : box!.value);
        expect(shown, `${name}.${key}`).toMatch(new RegExp(`^${toText(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      }
    },
  );
});

const sections = [
  ...catalog
    .types('landing-section')
    .map((t) => ({ what: 'smallest', section: catalog.skeleton('landing-section', t.name) })),
  ...template.sections.map((section) => ({ what: 'shipped', section: section as Record<string, unknown> })),
];

describe('landing sections', () => {
  it.each(sections)('$what $section.section section round-trips', async ({ section: original }) => {
    const section = structuredClone(original);
    const name = String(section.section);
    const onChange = vi.fn();
    const formRef = createRef<Form>();
    render(
      <ElementForm
        element={section}
        family="landing-section"
        name={name}
        problems={[]}
        onChange={onChange}
        context={context}
        formRef={formRef}
      />,
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(onChange).not.toHaveBeenCalled();
    expect(formRef.current!.state.formData).toEqual(original);
  });
});

describe('an edit', () => {
  it('changes only its property, and clearing a field removes the property', async () => {
    const button = catalog.get('node', 'button')!.example!;
    const { last } = renderEditedForm('node', { ...button, id: 'openDemo', variant: 'primary' }, context);
    const variant = screen.getByLabelText('Variant') as HTMLSelectElement;
    const danger = [...variant.options].find((o) => o.textContent === 'danger')!;
    fireEvent.change(variant, { target: { value: danger.value } });
    await waitFor(() => expect(last()).toEqual({ ...button, id: 'openDemo', variant: 'danger' }));
    expect(last()!.onClick).toBe(button.onClick);
    fireEvent.change(screen.getByLabelText('Id'), { target: { value: '' } });
    await waitFor(() => expect(last()).toEqual({ ...button, variant: 'danger' }));
    expect('id' in last()!).toBe(false);
  });
});
