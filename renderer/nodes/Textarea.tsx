import { useId } from 'react';
import type { Widget } from '../runtime/contract';
import { errorProps, FieldFrame } from './FieldFrame';
import { useField } from './use-field';

export const Textarea: Widget<'textarea'> = ({ node }) => {
  const field = useField<unknown>(node);
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const max = field.runtime.limit(node.maxLength, 200);
  const text = field.value === undefined || field.value === null ? '' : String(field.value);
  const counter = (
    <p className="sdui-field__counter" id={`${inputId}-count`} aria-live="polite">
      {text.length}/{max}
    </p>
  );
  return (
    <FieldFrame
      inputId={inputId}
      label={field.runtime.t(node.label)}
      hideLabel={node.hideLabel}
      error={field.error}
      aside={counter}
    >
      <textarea
        id={inputId}
        className="sdui-textarea"
        rows={node.rows ?? 4}
        value={text}
        readOnly={node.readOnly}
        // The spec ignores input past the limit rather than cutting what was typed before.
        maxLength={max}
        // `max` is passed so the copy states the limit the field enforces (one number, both locales).
        placeholder={node.placeholder ? field.runtime.t(node.placeholder, { max }) : undefined}
        disabled={field.disabled}
        onChange={(e) => {
          if (node.readOnly) return;
          const next = e.target.value.length > max ? text : e.target.value;
          field.setValue(next);
          if (node.onChange) void field.runtime.run(node.onChange, { result: next });
        }}
        onBlur={field.onBlur}
        {...errorProps(inputId, field.error)}
        aria-describedby={[`${inputId}-count`, field.error ? `${inputId}-error` : ''].filter(Boolean).join(' ')}
      />
    </FieldFrame>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Textarea;
