/**
 * @rjsf's string field, replaced: a value inlined from a common schema carries `x-editor` (form-schema.ts) and gets
 * its picker; any other string is @rjsf's own widget.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import BindingField from './BindingField';
import ImageField from './ImageField';
import LimitField from './LimitField';
import MapSelectField from './MapSelectField';
import TextKeyField from './TextKeyField';

const Plain = getDefaultRegistry().fields.StringField;

const BY_EDITOR: Record<string, (p: FieldProps) => ReturnType<typeof BindingField>> = {
  'text-key': TextKeyField,
  template: BindingField,
  expression: BindingField,
  mixed: BindingField,
  json: BindingField,
  limit: LimitField,
  'route-path': MapSelectField,
  'endpoint-name': MapSelectField,
  image: ImageField,
};

export default function EditorStringField(props: FieldProps) {
  const Editor = BY_EDITOR[String(props.schema['x-editor'])];
  return Editor ? <Editor {...props} /> : <Plain {...props} />;
}
