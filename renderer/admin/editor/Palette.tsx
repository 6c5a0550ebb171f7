/**
 * The palette: every element type of the family the chosen place takes (`catalog.types`, i.e. each line of
 * `node.json` or the sections' root), with its schema description and its gallery example. "Where" lists the
 * places the selection offers (inside the selected container, after the selected element); a type the slot's
 * schema does not take stays listed but disabled, with the reason. Inserting puts the type's smallest valid
 * element (`catalog.skeleton`) there and selects it, so the property form opens on it.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { insertTargets } from './doc-tree';
import { findSlot, refusal } from './element-slots';
import type { Catalog } from './schema-catalog';

interface Props {
  doc: unknown;
  selected: string;
  catalog: Catalog;
  readOnly: boolean;
  /** Inserts `element` into `slot` at `index`; answers why it was refused, or null. */
  onInsert(element: Record<string, unknown>, slot: string, index: number): string | null;
}

const EXAMPLE_CHARS = 700;

function preview(example: unknown): string {
  const text = JSON.stringify(example, null, 1) ?? '';
  return text.length > EXAMPLE_CHARS ? `${text.slice(0, EXAMPLE_CHARS)}\n…` : text;
}

export default function Palette({ doc, selected, catalog, readOnly, onInsert }: Props) {
  const targets = useMemo(() => insertTargets(doc, selected, catalog), [doc, selected, catalog]);
  const [where, setWhere] = useState(0);
  const [filter, setFilter] = useState('');
  const [message, setMessage] = useState('');
  // Another selection offers other places: start again from its first (inside a container, else after it).
  useEffect(() => setWhere(0), [selected]);
  const id = useId();
  const target = targets[Math.min(where, targets.length - 1)];
  const slot = target && findSlot(doc, target.slot, catalog);
  const family = slot?.info.family ?? 'node';
  const q = filter.trim().toLowerCase();
  // One smallest element per type, made once per family: edits never mutate it, so inserting it twice is safe.
  const skeletons = useMemo(
    () => new Map(catalog.types(family).map((t) => [t.name, catalog.skeleton(family, t.name)])),
    [catalog, family],
  );
  const types = catalog
    .types(family)
    .filter((t) => !q || t.name.includes(q) || t.description.toLowerCase().includes(q));

  return (
    <section className="palette" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add</h3>
      {targets.length === 0 ? (
        <p>The selected element holds no other elements, and nothing can go beside it.</p>
      ) : (
        <label className="palette__where">
          Where{' '}
          <select value={Math.min(where, targets.length - 1)} onChange={(e) => setWhere(Number(e.target.value))}>
            {targets.map((t, i) => (
              <option key={`${t.slot}:${t.index}`} value={i}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="palette__filter">
        Filter <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
      </label>
      <p role="status" className="palette__status">
        {message}
      </p>
      <ul className="palette__list" aria-label={`${family} types`}>
        {types.map((t) => {
          const element = skeletons.get(t.name)!;
          const why = !slot ? 'Choose where it goes first.' : refusal(slot, element, catalog);
          const describedBy = `${id}-${t.name}`;
          return (
            <li key={t.name} className="palette__item">
              <button
                type="button"
                aria-describedby={describedBy}
                disabled={readOnly || !!why}
                onClick={() => {
                  if (!target) return;
                  const refused = onInsert(element, target.slot, target.index);
                  setMessage(refused ? `Not inserted: ${refused}` : `Inserted ${t.name} ${target.label}.`);
                }}
              >
                {t.name}
              </button>
              <span id={describedBy} className="palette__description">
                {t.description}
                {why && <em className="palette__why"> Not here: {why}</em>}
              </span>
              {t.example && (
                <details className="palette__example">
                  <summary>Example</summary>
                  <pre>{preview(t.example)}</pre>
                </details>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
