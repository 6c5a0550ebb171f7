/**
 * The document's own fields when nothing is selected (a screen's title key, description, initial state, onLoad
 * steps; a landing template's settings), as a form generated from its document schema with the same fields and
 * pickers as an element's (form-schema.ts, fields/). The element slots (`body`, `sections`) are the outline's and
 * stay hidden; `kind`, `id` and `schemaVersion` name the document and are not edited here.
 */
import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { DocumentProblem } from '../../core/validation/document-problem';
import type { EditorContext } from './editor-context';
import EditorRjsfForm from './EditorRjsfForm';
import ElementForm from './ElementForm';
import type { FormCtx } from './fields/form-context';
import { formSchemaOf } from './form-schema';
import { placeProblems } from './problem-errors';
import { idLookup } from './schema-catalog';
import { schemaAt } from './schema-store';

/** Fields naming the document: changing them is a different document, not an edit of this one. */
const FIXED = ['kind', 'id', 'schemaVersion'];

interface Props {
  kind: string;
  doc: Record<string, unknown>;
  /** Problems at the document's own fields (pointers from the document root). */
  problems: DocumentProblem[];
  context: EditorContext;
  onChange(next: Record<string, unknown>): void;
}

export default function DocumentForm({ kind, doc, problems, context, onChange }: Props) {
  const schema = schemaAt(`documents/${kind}.json`);
  const form = useMemo(() => schema && formSchemaOf(schema, 'kind', idLookup), [schema]);
  const placed = useMemo(() => form && placeProblems(problems, form), [problems, form]);
  const formContext = useMemo<FormCtx>(
    () => ({ editor: context, element: doc, problems, idPrefix: 'doc', ElementForm }),
    [context, doc, problems],
  );
  const uiSchema = useMemo<UiSchema | undefined>(() => {
    if (!form) return undefined;
    const ui: UiSchema = { ...form.uiSchema };
    for (const f of FIXED) ui[f] = { 'ui:widget': 'hidden' };
    return ui;
  }, [form]);
  if (!form || !placed) return null;
  return (
    <div className="editor-form">
      <EditorRjsfForm
        idPrefix="doc"
        schema={form.schema}
        uiSchema={uiSchema}
        value={doc}
        formContext={formContext}
        extraErrors={placed.extraErrors}
        onChange={onChange}
      />
    </div>
  );
}
