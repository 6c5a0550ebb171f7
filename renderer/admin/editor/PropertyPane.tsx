/**
 * The properties pane: the selected element's form (PropertyForm, generated from its schema, with the element's
 * problems at their fields), headed by its type and pointer; with nothing selected, the document's own problems
 * (those at no node). A viewer sees the form read-only (a disabled fieldset). The form is keyed by the pointer:
 * selecting another element starts a fresh form rather than one carrying the last element's field state.
 */
import type { DocumentProblem } from '../../core/validation/document-problem';
import type { EditorContext } from './editor-context';
import type { ElementId } from './element-slots';
import PropertyForm from './PropertyForm';

interface Props {
  pointer: string;
  element: unknown;
  id: ElementId | undefined;
  /** The element's problems relative to it, or the document's own when nothing is selected. */
  problems: DocumentProblem[];
  context: EditorContext;
  readOnly: boolean;
  onChange(next: Record<string, unknown>): void;
}

export default function PropertyPane({ pointer, element, id, problems, context, readOnly, onChange }: Props) {
  if (!id)
    return (
      <section aria-label="Properties" className="property-pane">
        <h3>Properties</h3>
        <p>Select a node in the outline or on the canvas to edit its properties.</p>
        {problems.length > 0 && (
          <>
            <h4>Problems of the document itself</h4>
            <ul className="problems">
              {problems.map((p, i) => (
                <li key={i}>
                  <code>{p.pointer || '/'}</code> {p.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    );
  return (
    <section aria-label={`Properties of ${id.name}`} className="property-pane">
      <h3>
        {id.name} <code>{pointer}</code>
      </h3>
      {problems.length > 0 && (
        <ul className="problems property-pane__problems" aria-label={`Problems of this ${id.name}`}>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{pointer + p.pointer}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      <fieldset disabled={readOnly} className="property-pane__fields">
        <legend className="visually-hidden">Properties of {id.name}</legend>
        <PropertyForm
          key={pointer}
          element={element as Record<string, unknown>}
          family={id.family}
          name={id.name}
          problems={problems}
          onChange={onChange}
          context={context}
        />
      </fieldset>
    </section>
  );
}
