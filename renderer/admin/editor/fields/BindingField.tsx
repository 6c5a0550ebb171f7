/** A template, condition, number-or-binding or free value: one text box with the binding picker (BindingInput). */
import type { FieldProps } from '@rjsf/utils';
import BindingInput from './BindingInput';
import type { BindingMode } from './binding-text';
import type { FormCtx } from './form-context';

const MODES: Record<string, BindingMode> = {
  template: 'template',
  expression: 'expression',
  mixed: 'mixed',
  json: 'json',
};

export default function BindingField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, readonly, disabled } = props;
  const ctx = (registry.formContext as FormCtx).editor;
  return (
    <BindingInput
      id={fieldPathId.$id}
      value={formData}
      mode={MODES[String(schema['x-editor'])] ?? 'template'}
      context={ctx}
      readonly={readonly || disabled}
      onChange={(v) => onChange(v, fieldPathId.path)}
    />
  );
}
