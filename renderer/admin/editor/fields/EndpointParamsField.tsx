/**
 * The params of a call, one row per param the chosen endpoint declares in the API map (`params`), each a template
 * with the binding picker. Params the element sends that the endpoint does not declare are kept and shown, marked,
 * with a button to remove them; an emptied row removes its param.
 */
import type { FieldProps } from '@rjsf/utils';
import BindingInput from './BindingInput';
import type { FormCtx } from './form-context';
import { declaredParams } from './map-options';

export default function EndpointParamsField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, uiSchema, readonly, disabled } = props;
  const { editor, element } = registry.formContext as FormCtx;
  const endpointProp = String(uiSchema?.['ui:options']?.endpointProp ?? 'endpoint');
  const endpoint = element[endpointProp];
  const declared = declaredParams(editor.apiMap, endpoint);
  const values = formData && typeof formData === 'object' ? (formData as Record<string, unknown>) : {};
  const extra = Object.keys(values).filter((k) => !declared.includes(k));
  const id = fieldPathId.$id;
  const off = readonly || disabled;

  function set(name: string, v: unknown) {
    const { [name]: _old, ...rest } = values;
    const next = v === undefined ? rest : { ...values, [name]: v };
    onChange(Object.keys(next).length || formData !== undefined ? next : undefined, fieldPathId.path);
  }

  return (
    <fieldset className="editor-params" id={id}>
      <legend>{String(schema.title ?? 'Params')}</legend>
      {typeof endpoint !== 'string' ? (
        <p>Choose the endpoint first: its params are listed here.</p>
      ) : declared.length === 0 && extra.length === 0 ? (
        <p>{endpoint} declares no params.</p>
      ) : null}
      {[...declared, ...extra].map((name) => (
        <div key={name} className="editor-params__row">
          <label htmlFor={`${id}__${name}`}>
            {name}
            {!declared.includes(name) && (
              <span className="editor-field__warning"> (not declared by {String(endpoint)})</span>
            )}
          </label>
          <BindingInput
            id={`${id}__${name}`}
            value={values[name]}
            mode="template"
            label={`param ${name}`}
            context={editor}
            readonly={off}
            onChange={(v) => set(name, v)}
          />
          {!declared.includes(name) && !off && (
            <button type="button" className="btn" onClick={() => set(name, undefined)}>
              Remove {name}
            </button>
          )}
        </div>
      ))}
    </fieldset>
  );
}
