import { useId } from 'react';
import type { Widget } from '../runtime/contract';
import { FieldError } from './FieldFrame';
import { useField } from './use-field';
import { resolveArgs } from './text-of';

export const Checkbox: Widget<'checkbox'> = ({ node }) => {
  const field = useField<unknown>(node);
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const checked = Boolean(field.value);
  return (
    <div className={`sdui-checkbox${field.error ? ' sdui-field--invalid' : ''}`}>
      <input
        id={inputId}
        type="checkbox"
        checked={checked}
        disabled={field.disabled}
        onChange={(e) => {
          field.setValue(e.target.checked);
          if (node.onChange) void field.runtime.run(node.onChange, { result: e.target.checked });
        }}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? `${inputId}-error` : undefined}
      />
      <label htmlFor={inputId}>{field.runtime.t(node.label, resolveArgs(field.runtime, node.args))}</label>
      <FieldError id={`${inputId}-error`} error={field.error} />
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Checkbox;
