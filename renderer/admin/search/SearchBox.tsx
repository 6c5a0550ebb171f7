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
  const results = open ? index.search(query) : [];

  const pick = (r: SearchResult | undefined) => {
    if (!r) return;
    setOpen(false);
    onPick(r);
  };

  return (
    <div className="search" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setTimeout(() => setOpen(false), 150)}>
      <input
        type="search"
        aria-label="Search documents, text keys and copy"
        placeholder="Search screens, keys, copy…"
        aria-controls={`${id}-results`}
        aria-activedescendant={results.length ? `${id}-r${active}` : undefined}
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
      {open && query.trim() && (
        <ul role="listbox" id={`${id}-results`} aria-label="Search results" className="search__results">
          {results.length === 0 && <li className="muted search__empty">Nothing found.</li>}
          {results.map((r, i) => (
            <li
              key={r.type === 'doc' ? `d:${r.kind}/${r.id}` : `k:${r.key}`}
              id={`${id}-r${i}`}
              role="option"
              aria-selected={i === active}
              aria-label={resultLabel(r)}
              className="search__result"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(r)}
            >
              {r.type === 'doc' ? (
                <>
                  <span className="badge">{r.kind}</span> <strong>{r.title}</strong> <span className="muted">{r.id}</span>
                  {r.via && <span className="muted"> uses <code>{r.via}</code></span>}
                </>
              ) : (
                <>
                  <span className="badge">text</span> <code>{r.key}</code> <span className="muted">{r.text}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
