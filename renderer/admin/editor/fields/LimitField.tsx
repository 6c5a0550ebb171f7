/**
 * A business limit: bound to a constant of the market (`{{ market.limits.* }}`, picked from the market document with
 * its value), so an ops edit of the constant changes the product. A literal number is kept but called out: the
 * validation reports it in screens.
 */
import type { FieldProps } from '@rjsf/utils';
import { limitCandidates } from './binding-candidates';
import { fromText, toText } from './binding-text';
import type { FormCtx } from './form-context';

const BOUND = /^\s*\{\{\s*market\.(limits\.[A-Za-z0-9_.$]+)\s*\}\}\s*$/;

export default function LimitField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, readonly, disabled } = props;
  const ctx = (registry.formContext as FormCtx).editor;
  const id = fieldPathId.$id;
  const limits = limitCandidates(ctx);
  const text = toText(formData);
  const bound = BOUND.exec(text)?.[1];
  const set = (v: unknown) => onChange(v, fieldPathId.path);
  return (
    <div className="editor-limit">
      <select
        id={id}
        value={bound ? `market.${bound}` : ''}
        disabled={readonly || disabled}
        onChange={(e) => set(e.target.value ? `{{ ${e.target.value} }}` : formData)}
      >
        <option value="">
          {bound || formData === undefined ? 'Choose a market limit' : 'Not bound to the market'}
        </option>
        {limits.map((c) => (
          <option key={c.path} value={c.path}>
            {c.path.replace(/^market\./, '')} ({String(c.value)})
          </option>
        ))}
      </select>
      <label htmlFor={`${id}__literal`}>or a value</label>
      <input
        id={`${id}__literal`}
        type="text"
        value={text}
        readOnly={readonly || disabled}
        onChange={(e) => set(fromText(e.target.value, 'mixed'))}
      />
      {typeof formData === 'number' && (
        <p className="editor-field__warning">
          A literal limit: bind it to a market limit so ops can change it (validation reports literals in screens).
        </p>
      )}
    </div>
  );
}
