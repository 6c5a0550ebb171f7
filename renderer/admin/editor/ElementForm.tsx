/**
 * One element's properties as a form generated from its schema by @rjsf (form-schema.ts), with the editor's fields
 * (pickers for copy, bindings, limits, routes, endpoints, images; the action list editor). The form adds nothing by
 * itself: no defaults, no empty objects or arrays, so opening it leaves the element as it was; each edit hands back
 * the element with only that edit (form-data.ts).
 */
import { useMemo } from 'react';
import EditorRjsfForm from './EditorRjsfForm';
import type { ElementFormProps, FormCtx } from './fields/form-context';
import { formSchemaOf } from './form-schema';
import { placeProblems } from './problem-errors';
import { catalog, idLookup } from './schema-catalog';

export default function ElementForm(props: ElementFormProps) {
  const { element, family, name, problems, onChange, context, idPrefix = 'prop', formRef } = props;
  const type = catalog.get(family, name);
  const form = useMemo(
    () => (type ? formSchemaOf(type.schema, catalog.discriminator(family), idLookup) : undefined),
    [type, family],
  );
  const placed = useMemo(() => (form ? placeProblems(problems, form) : undefined), [problems, form]);
  const formContext = useMemo<FormCtx>(
    () => ({ editor: context, element, problems, idPrefix, ElementForm }),
    [context, element, problems, idPrefix],
  );
  if (!type || !form || !placed)
    return (
      <p className="error">
        No {family} type {JSON.stringify(name)} in the schemas.
      </p>
    );

  return (
    <div className="editor-form">
      {placed.unplaced.length > 0 && (
        <ul className="editor-form__problems" aria-label="Problems">
          {placed.unplaced.map((p, i) => (
            <li key={i} className="error">
              <code>{p.pointer || '/'}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      <EditorRjsfForm
        formRef={formRef}
        idPrefix={idPrefix}
        schema={form.schema}
        uiSchema={form.uiSchema}
        value={element}
        formContext={formContext}
        extraErrors={placed.extraErrors}
        onChange={onChange}
      />
    </div>
  );
}
