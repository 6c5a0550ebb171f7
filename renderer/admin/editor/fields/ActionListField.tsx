/**
 * A list of action steps (`onClick`, `onSuccess`, `then`, `steps`...): add a step of any type the schemas define,
 * reorder, remove, and each step's own form generated from its action schema, so nested lists use this same editor.
 */
import { useId, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { catalog } from '../schema-catalog';
import { pointerOf, problemsUnder, type FormCtx } from './form-context';

type Step = Record<string, unknown>;

export default function ActionListField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, schema, readonly, disabled } = props;
  const { editor, problems, idPrefix, ElementForm } = registry.formContext as FormCtx;
  const steps: Step[] = Array.isArray(formData) ? (formData as Step[]) : [];
  const types = catalog.types('action');
  const disc = catalog.discriminator('action');
  const [adding, setAdding] = useState(types[0]?.name ?? '');
  const addId = useId();
  const id = fieldPathId.$id;
  const here = pointerOf(fieldPathId.path);
  const title = String(schema.title ?? 'Actions');
  const off = readonly || disabled;
  const set = (next: Step[]) => onChange(next, fieldPathId.path);
  const move = (i: number, to: number) => {
    const next = [...steps];
    const [s] = next.splice(i, 1);
    next.splice(to, 0, s);
    set(next);
  };

  return (
    <fieldset className="editor-actions" id={id}>
      <legend>{title}</legend>
      {steps.length === 0 && <p>No steps.</p>}
      <ol className="editor-actions__steps">
        {steps.map((step, i) => {
          const name = String(step?.[disc] ?? '');
          const type = catalog.get('action', name);
          const label = `${title} step ${i + 1}: ${name || 'unknown'}`;
          return (
            <li key={i} className="editor-actions__step" aria-label={label}>
              <div className="editor-actions__head">
                <strong>{name || 'unknown step'}</strong>
                {!off && (
                  <span className="editor-actions__buttons">
                    <button
                      type="button"
                      className="btn"
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                      aria-label={`Move ${label} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn"
                      disabled={i === steps.length - 1}
                      onClick={() => move(i, i + 1)}
                      aria-label={`Move ${label} down`}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn"
                      onClick={() => set(steps.filter((_, j) => j !== i))}
                      aria-label={`Remove ${label}`}
                    >
                      Remove
                    </button>
                  </span>
                )}
              </div>
              {type ? (
                <ElementForm
                  element={step}
                  family="action"
                  name={name}
                  problems={problemsUnder(problems, `${here}/${i}`)}
                  context={editor}
                  idPrefix={`${idPrefix}_${fieldPathId.path.join('_')}_${i}`}
                  onChange={(next) => set(steps.map((s, j) => (j === i ? next : s)))}
                />
              ) : (
                <p className="error">No action type {JSON.stringify(name)} in the schemas: edit it in the JSON view.</p>
              )}
            </li>
          );
        })}
      </ol>
      {!off && types.length > 0 && (
        <div className="editor-actions__add">
          <label htmlFor={addId}>Step type</label>
          <select id={addId} value={adding} onChange={(e) => setAdding(e.target.value)}>
            {types.map((t) => (
              <option key={t.name} value={t.name} title={t.description}>
                {t.name}
              </option>
            ))}
          </select>
          <button type="button" className="btn" onClick={() => set([...steps, catalog.skeleton('action', adding)])}>
            Add step to {title}
          </button>
        </div>
      )}
    </fieldset>
  );
}
