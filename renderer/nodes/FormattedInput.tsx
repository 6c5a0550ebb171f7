import { useId } from 'react';
import type { Action, FieldRule } from '../../schemas/generated/types';
import { errorProps, FieldFrame } from './FieldFrame';
import { useField } from './use-field';

export interface InputFieldNode {
  id?: string;
  bind: string;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  rules?: FieldRule[];
  disabled?: string;
  onChange?: Action[];
}

interface Props {
  node: InputFieldNode;
  /** What the borrower typed → what is stored (e.g. digits only). */
  parse: (typed: string) => string;
  /** Stored value → what is shown (e.g. grouped digits). */
  format: (stored: string) => string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel';
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
}

/** One-line input whose shown text is a formatting of the stored value (phones, cards, amounts). */
export function FormattedInput({ node, parse, format, inputMode, type = 'text', autoComplete }: Props) {
  const field = useField<unknown>(node);
  const inputId = node.id ?? `f${useId().replace(/:/g, '')}`;
  const stored = field.value === undefined || field.value === null ? '' : String(field.value);
  const onChange = (typed: string) => {
    const next = parse(typed);
    field.setValue(next);
    if (node.onChange) void field.runtime.run(node.onChange, { result: next });
  };
  return (
    <FieldFrame inputId={inputId} label={field.runtime.t(node.label)} hideLabel={node.hideLabel} error={field.error}>
      <input
        id={inputId}
        className="sdui-input"
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={format(stored)}
        placeholder={node.placeholder ? field.runtime.t(node.placeholder) : undefined}
        disabled={field.disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={field.onBlur}
        {...errorProps(inputId, field.error)}
      />
    </FieldFrame>
  );
}
