/**
 * One text box for a value that may bind to data (templates, conditions, numbers that may be bindings, free values),
 * with a "Bind" button opening the binding picker and, under it, what the value evaluates to in the current preview.
 */
import { useRef, useState } from 'react';
import type { EditorContext } from '../editor-context';
import BindingPicker from './BindingPicker';
import { fromText, insertBinding, previewedExpression, toText, type BindingMode } from './binding-text';
import { shortValue } from './form-context';

interface Props {
  id: string;
  value: unknown;
  mode: BindingMode;
  context: EditorContext;
  onChange(value: unknown): void;
  /** Accessible name when no <label for> names the box (params rows). */
  label?: string;
  readonly?: boolean;
  describedBy?: string;
}

export default function BindingInput({ id, value, mode, context, onChange, label, readonly, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  // Keyboard users land back in the box after the picker closes, not at the top of the page.
  const box = useRef<HTMLInputElement>(null);
  const close = () => {
    setOpen(false);
    box.current?.focus();
  };
  const text = toText(value);
  const expr = previewedExpression(text, mode);
  const preview = expr !== undefined ? context.previewValues?.(expr) : undefined;
  return (
    <div className="editor-binding">
      <div className="editor-binding__row">
        <input
          ref={box}
          id={id}
          type="text"
          value={text}
          aria-label={label}
          aria-describedby={describedBy}
          readOnly={readonly}
          spellCheck={false}
          onChange={(e) => onChange(fromText(e.target.value, mode))}
        />
        {!readonly && (
          <button type="button" className="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
            Bind{label ? <span className="editor-visually-hidden"> {label}</span> : null}
          </button>
        )}
      </div>
      {preview !== undefined && (
        <p className="editor-binding__preview">
          In the preview: <output htmlFor={id}>{shortValue(preview, 80)}</output>
        </p>
      )}
      {open && (
        <BindingPicker
          context={context}
          onClose={close}
          onPick={(path) => {
            onChange(fromText(insertBinding(text, path, mode), mode));
            close();
          }}
        />
      )}
    </div>
  );
}
