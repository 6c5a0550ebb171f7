/**
 * The properties pane: the selected element's form (PropertyForm, generated from its schema, with the element's
 * problems at their fields), headed by its type and pointer; with nothing selected, the document's own fields
 * (DocumentForm) and problems (those at no node). A viewer sees the form read-only (a disabled fieldset). The form
 * is keyed by the pointer: selecting another element starts a fresh form rather than one carrying the last
 * element's field state.
 */
import type { DocumentProblem } from '../../core/validation/document-problem';
import type { EditorContext } from './editor-context';
import type { ElementId } from './element-slots';
import DocumentForm from './DocumentForm';
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
  /** The document, its kind and its own edits: shown when no element is selected. */
  doc: Record<string, unknown>;
  kind: string;
  onDocChange(next: Record<string, unknown>): void;
}

export default function PropertyPane(props: Props) {
  const { pointer, element, id, problems, context, readOnly, onChange } = props;
  if (!id)
    return (
      <section aria-label={`Properties of the ${props.kind}`} className="property-pane">
        <h3>The {props.kind} itself</h3>
        <p>Select a node in the outline or on the canvas to edit its properties; Esc in the outline comes back here.</p>
        {problems.length > 0 && (
          <ul className="problems property-pane__problems" aria-label={`Problems of the ${props.kind}`}>
            {problems.map((p, i) => (
              <li key={i}>
                <code>{p.pointer || '/'}</code> {p.message}
              </li>
            ))}
          </ul>
        )}
        <fieldset disabled={readOnly} className="property-pane__fields">
          <legend className="visually-hidden">Fields of the {props.kind}</legend>
          <DocumentForm
            kind={props.kind}
            doc={props.doc}
            problems={problems}
            context={context}
            onChange={props.onDocChange}
          />
        </fieldset>
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
