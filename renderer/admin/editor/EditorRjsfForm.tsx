/**
 * The one @rjsf form the editor draws (an element's properties, a document's own fields): the editor's fields and
 * widgets, no validation of its own (problems come placed, as `extraErrors`), no submit button, and nothing added by
 * the form itself: no defaults, no empty objects or arrays, so opening it leaves the value as it was, and each edit
 * hands back the value with only that edit (form-data.ts).
 */
import type { Ref } from 'react';
import Form from '@rjsf/core';
import type { ErrorSchema, Experimental_DefaultFormStateBehavior, RJSFSchema, UiSchema } from '@rjsf/utils';
import { editorFields, editorWidgets } from './fields';
import type { FormCtx } from './fields/form-context';
import { sharePrevious, withoutUndefined } from './form-data';
import { formValidator } from './form-validator';

/** @rjsf's default state would add consts, empty objects and arrays the value does not have. */
const NO_DEFAULTS: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
  constAsDefaults: 'never',
  mergeDefaultsIntoFormData: 'useFormDataIfPresent',
};

interface Props {
  value: Record<string, unknown>;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  idPrefix: string;
  formContext: FormCtx;
  extraErrors?: ErrorSchema;
  onChange(next: Record<string, unknown>): void;
  formRef?: Ref<Form>;
}

export default function EditorRjsfForm({
  value,
  schema,
  uiSchema,
  idPrefix,
  formContext,
  extraErrors,
  onChange,
  formRef,
}: Props) {
  return (
    <Form
      ref={formRef}
      tagName="div"
      idPrefix={idPrefix}
      schema={schema}
      uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
      validator={formValidator}
      formData={value}
      fields={editorFields}
      widgets={editorWidgets}
      formContext={formContext}
      extraErrors={extraErrors}
      noValidate
      showErrorList={false}
      experimental_defaultFormStateBehavior={NO_DEFAULTS}
      experimental_componentUpdateStrategy="always"
      onChange={(e) => {
        const next = sharePrevious(value, withoutUndefined(e.formData) as Record<string, unknown>);
        if (next !== value) onChange(next);
      }}
    />
  );
}
