/**
 * The properties of the selected element: its type's description from the schema, then its form
 * (ElementForm), problems at their fields. Child slots are not here: the outline edits them. The pane around it
 * (PropertyPane) names the element and its pointer.
 */
import ElementForm from './ElementForm';
import type { ElementFormProps } from './fields/form-context';
import { catalog } from './schema-catalog';
import './fields/fields.css';

/** An element's form at the top level: its ids need no prefix, and nobody reads the @rjsf form itself. */
export type PropertyFormProps = Omit<ElementFormProps, 'idPrefix' | 'formRef'>;

export default function PropertyForm(props: PropertyFormProps) {
  const type = catalog.get(props.family, props.name);
  return (
    <div className="editor-properties">
      {type?.description && <p className="editor-properties__description">{type.description}</p>}
      <ElementForm {...props} />
    </div>
  );
}
