/**
 * The properties of the selected element (issue 49): its type's description from the schema, then its form
 * (ElementForm), problems at their fields. Child slots are not here: the outline edits them. The pane around it
 * (PropertyPane) names the element and its pointer.
 */
import type { EditorContext } from './editor-context';
import ElementForm from './ElementForm';
import type { Problem } from './fields/form-context';
import { catalog, type Family } from './schema-catalog';
import './fields/fields.css';

export interface PropertyFormProps {
  element: Record<string, unknown>;
  family: Family;
  name: string;
  /** Problems at pointers relative to the element (`/label`, `/onClick/0/to`). */
  problems: Problem[];
  onChange(next: Record<string, unknown>): void;
  context: EditorContext;
}

export default function PropertyForm({ element, family, name, problems, onChange, context }: PropertyFormProps) {
  const type = catalog.get(family, name);
  return (
    <div className="editor-properties">
      {type?.description && <p className="editor-properties__description">{type.description}</p>}
      <ElementForm
        element={element}
        family={family}
        name={name}
        problems={problems}
        onChange={onChange}
        context={context}
      />
    </div>
  );
}
