/**
 * A searchable list of the bindings a value can read (state, query, market, item), each with the value it has in
 * the current preview. Choosing one hands its path to the field, which writes it as `{{ path }}` or bare.
 */
import { useId, useMemo, useState } from 'react';
import type { EditorContext } from '../editor-context';
import { bindingCandidates, filterCandidates } from './binding-candidates';
import { shortValue } from './form-context';

interface Props {
  context: EditorContext;
  onPick(path: string): void;
  onClose(): void;
}

export default function BindingPicker({ context, onPick, onClose }: Props) {
  const [query, setQuery] = useState('');
  const all = useMemo(() => bindingCandidates(context), [context]);
  const shown = filterCandidates(all, query);
  const searchId = useId();
  return (
    <div className="editor-picker" role="group" aria-label="Bindings">
      <label htmlFor={searchId}>Search bindings</label>
      <input
        id={searchId}
        type="search"
        value={query}
        autoFocus
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      />
      {shown.length === 0 ? (
        <p>No binding matches.</p>
      ) : (
        <ul className="editor-picker__list">
          {shown.map((c) => (
            <li key={c.path}>
              <button type="button" className="editor-picker__option" onClick={() => onPick(c.path)}>
                <code>{c.path}</code> <span className="editor-picker__value">{shortValue(c.value)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
