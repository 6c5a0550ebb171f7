import type { ReactNode } from 'react';

interface Props {
  inputId: string;
  label: string;
  hideLabel?: boolean;
  error?: string | null;
  /** Extra line under the input (a counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, input and inline error of every field, laid out alike. */
export function FieldFrame({ inputId, label, hideLabel, error, aside, children }: Props) {
  return (
    <div className={`sdui-field${error ? ' sdui-field--invalid' : ''}`}>
      <label htmlFor={inputId} className={hideLabel ? 'sdui-visually-hidden' : 'sdui-field__label'}>
        {label}
      </label>
      {children}
      {aside}
      <FieldError id={`${inputId}-error`} error={error} />
    </div>
  );
}

/** A field's inline error, announced as it appears. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  return error ? (
    <p id={id} className="sdui-field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Props that tie an input to its error message for assistive technology. */
export function errorProps(inputId: string, error: string | null | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-error` } : {};
}
