/**
 * A text key: typed, or picked by searching keys and copy with both locales' copy shown, or created in place
 * (NewKeyForm). Under the box, the chosen key's copy in every locale, so nobody picks a key by its name alone.
 */
import { useId, useRef, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import NewKeyForm from './NewKeyForm';
import type { FormCtx } from './form-context';
import { searchKeys } from './text-key-search';

export default function TextKeyField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, readonly, disabled } = props;
  const ctx = (registry.formContext as FormCtx).editor;
  const [mode, setMode] = useState<'closed' | 'search' | 'new'>('closed');
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  // Closing a picker puts the keyboard back in the key's box.
  const close = () => {
    setMode('closed');
    box.current?.focus();
  };
  const id = fieldPathId.$id;
  const searchId = useId();
  const key = typeof formData === 'string' ? formData : '';
  const set = (v: string | undefined) => onChange(v === '' ? undefined : v, fieldPathId.path);
  const locales = Object.keys(ctx.texts).sort();
  const hits = searchKeys(ctx.texts, query);
  const off = readonly || disabled;

  return (
    <div className="editor-textkey">
      <div className="editor-binding__row">
        <input
          ref={box}
          id={id}
          type="text"
          value={key}
          readOnly={off}
          spellCheck={false}
          aria-describedby={`${id}__copy`}
          onChange={(e) => set(e.target.value.trim())}
        />
        {!off && (
          <>
            <button
              type="button"
              className="btn"
              aria-expanded={mode === 'search'}
              onClick={() => setMode(mode === 'search' ? 'closed' : 'search')}
            >
              Find copy
            </button>
            <button
              type="button"
              className="btn"
              aria-expanded={mode === 'new'}
              onClick={() => setMode(mode === 'new' ? 'closed' : 'new')}
            >
              New key
            </button>
          </>
        )}
      </div>
      <dl id={`${id}__copy`} className="editor-textkey__copy">
        {key &&
          locales.map((l) => (
            <div key={l}>
              <dt>{l}</dt>
              <dd>{key in ctx.texts[l] ? ctx.texts[l][key] : <em>no copy in {l}</em>}</dd>
            </div>
          ))}
      </dl>
      {mode === 'search' && (
        <div className="editor-picker" role="group" aria-label="Find a text key">
          <label htmlFor={searchId}>Search keys and copy</label>
          <input
            id={searchId}
            type="search"
            value={query}
            autoFocus
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && close()}
          />
          {query && hits.length === 0 && <p>No key or copy matches.</p>}
          <ul className="editor-picker__list">
            {hits.map((h) => (
              <li key={h.key}>
                <button
                  type="button"
                  className="editor-picker__option"
                  onClick={() => {
                    set(h.key);
                    close();
                  }}
                >
                  <code>{h.key}</code>
                  {locales.map((l) => (
                    <span key={l} className="editor-picker__value">
                      {' '}
                      {l}: {h.copy[l] ?? '—'}
                    </span>
                  ))}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {mode === 'new' && (
        <NewKeyForm
          context={ctx}
          pattern={typeof schema.pattern === 'string' ? schema.pattern : undefined}
          onCancel={close}
          onCreated={(k) => {
            set(k);
            close();
          }}
        />
      )}
    </div>
  );
}
