/**
 * One element's properties as a form generated from its schema by @rjsf (form-schema.ts), with the editor's fields
 * (pickers for copy, bindings, limits, routes, endpoints, images; the action list editor). The form adds nothing by
 * itself: no defaults, no empty objects or arrays, so opening it leaves the element as it was; each edit hands back
 * the element with only that edit (form-data.ts).
 */
import { useMemo } from 'react';
import Form from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';
import { editorFields, editorWidgets } from './fields';
import type { ElementFormProps, FormCtx } from './fields/form-context';
import { formSchemaOf } from './form-schema';
import { formValidator } from './form-validator';
import { sharePrevious, withoutUndefined } from './form-data';
import { placeProblems } from './problem-errors';
import { catalog, idLookup } from './schema-catalog';

/** @rjsf's default state would add consts, empty objects and arrays the element does not have. */
const NO_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
  constAsDefaults: 'never',
  mergeDefaultsIntoFormData: 'useFormDataIfPresent',
};

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
  const uiSchema = useMemo(() => form && { ...form.uiSchema, 'ui:submitButtonOptions': { norender: true } }, [form]);
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
      <Form
        ref={formRef}
        tagName="div"
        idPrefix={idPrefix}
        schema={form.schema}
        uiSchema={uiSchema}
        validator={formValidator}
        formData={element}
        fields={editorFields}
        widgets={editorWidgets}
        formContext={formContext}
        extraErrors={placed.extraErrors}
        noValidate
        showErrorList={false}
        experimental_defaultFormStateBehavior={NO_DEFAULTS}
        experimental_componentUpdateStrategy="always"
        onChange={(e) => {
          const next = sharePrevious(element, withoutUndefined(e.formData) as Record<string, unknown>);
          if (next !== element) onChange(next);
        }}
      />
    </div>
  );
}
