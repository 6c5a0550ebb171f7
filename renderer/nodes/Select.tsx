import { useId } from 'react';
import type { Widget } from '../runtime/contract';
import { errorProps, FieldFrame } from './FieldFrame';
import { optionsOf, sameValue } from './options-of';
import { useField } from './use-field';

export const Select: Widget<'select'> = ({ node }) => {
  const field = useField<unknown>(node);
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const options = optionsOf(field.runtime, node);
  const selected = options.findIndex((o) => sameValue(o.value, field.value));
  return (
    <FieldFrame inputId={inputId} label={field.runtime.t(node.label)} hideLabel={node.hideLabel} error={field.error}>
      {/* Option values are indexes: the stored value keeps its type (1 stays a number). */}
      <select
        id={inputId}
        className="sdui-select"
        value={selected < 0 ? '' : String(selected)}
        disabled={field.disabled}
        onChange={(e) => {
          const option = options[Number(e.target.value)];
          const next = e.target.value === '' || !option ? undefined : option.value;
          field.setValue(next);
          if (node.onChange)
            void field.runtime.run(node.onChange, { item: option?.item, index: Number(e.target.value), result: next });
        }}
        onBlur={field.onBlur}
        {...errorProps(inputId, field.error)}
      >
        <option value="">{node.placeholder ? field.runtime.t(node.placeholder) : ''}</option>
        {options.map((o, i) => (
          <option key={i} value={String(i)}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Select;
