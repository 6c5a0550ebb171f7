/**
 * The top bar's search: documents, text keys and copy from anywhere. Results are a listbox the
 * arrow keys walk (the input keeps focus, aria-activedescendant names the active option); Enter
 * or a click opens the result: a document opens its page, a text key opens the copy table filtered to it.
 */
import { useId, useState } from 'react';
import type { SearchIndex, SearchResult } from './search-index';

interface Props {
  index: SearchIndex;
  onPick(result: SearchResult): void;
}

export const resultLabel = (r: SearchResult) =>
  r.type === 'doc' ? `${r.title} (${r.kind} ${r.id})${r.via ? ` uses ${r.via}` : ''}` : `${r.key}: ${r.text}`;

export default function SearchBox({ index, onPick }: Props) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const id = useId();
  const results = open ? index.search(query, 16) : [];
  const listed = open && !!query.trim();

  const pick = (r: SearchResult | undefined) => {
    if (!r) return;
    setOpen(false);
    setQuery('');
    onPick(r);
  };

  return (
    <div
      className="search"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setTimeout(() => setOpen(false), 150)}
    >
      <input
        type="search"
        aria-label="Search documents, text keys and copy"
        placeholder="Search screens, keys, copy…"
        aria-controls={listed ? `${id}-results` : undefined}
        aria-activedescendant={listed && results.length ? `${id}-r${active}` : undefined}
        aria-autocomplete="list"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter') pick(results[active]);
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
      />
      {listed && (
        <ul role="listbox" id={`${id}-results`} aria-label="Search results" className="search__results">
          {results.length === 0 && <li className="muted search__empty">Nothing found.</li>}
          {results.map((r, i) => (
            <li
              key={r.type === 'doc' ? `d:${r.kind}/${r.id}` : `k:${r.key}`}
              id={`${id}-r${i}`}
              role="option"
              aria-selected={i === active}
              className="search__result"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(r)}
            >
              {/* The visible text is the option's name (resultLabel), so speech and sight agree. */}
              {r.type === 'doc' ? (
                <>
                  <strong>{r.title}</strong>{' '}
                  <span className="muted">
                    ({r.kind} {r.id})
                  </span>
                  {r.via && (
                    <span className="muted">
                      {' '}
                      uses <code>{r.via}</code>
                    </span>
                  )}
                </>
              ) : (
                <>
                  <code>{r.key}</code>: <span className="muted">{r.text}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
