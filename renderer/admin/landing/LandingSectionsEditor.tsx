/**
 * A landing template's sections in the screen editor: the same draft panel as the Documents view
 * (Editor | JSON, If-Match save, conflict view), so marketing adds, removes and reorders pictures, copy and trust
 * badges around the registration form with the outline, the palette of section kinds and the generated forms. The
 * form's required parts are refused by the schema with a sentence (core/landing/registration-parts.ts). A template
 * made before sections is converted and saved as a draft first, so the editor always has sections to show.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { adminApi } from '../admin-api';
import { canWrite, currentContent, type DocRecord, type Role } from '../admin-types';
import { describeError } from '../describe-error';
import JsonDocPanel from '../JsonDocPanel';
import { TITLE_LOCALE, type ConsoleData } from '../nav/use-console-data';
import { withSections } from '../../core/landing/template-sections';
import type { EditorData } from '../editor/use-editor-context';

interface Props {
  record: DocRecord;
  role: Role;
  /** The console's loaded documents: copy, markets and maps for the forms and the canvas. */
  data: ConsoleData;
  /** A draft of this template or of a text set (a new key) was saved. */
  onChanged(): void;
  onClose(): void;
}

const KIND = 'landing-template';

/** The visitor's path of a template (the canvas adds market and preview mode). */
export const landingPath = (templateId: string) => `/register?${new URLSearchParams({ templateId })}`;

export default function LandingSectionsEditor({ record, role, data, onChanged, onClose }: Props) {
  const [rec, setRec] = useState<DocRecord | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const content = currentContent(record) as Record<string, unknown> | undefined;
    if (!content || Array.isArray(content.sections) || !canWrite(role)) {
      setRec(record);
      return;
    }
    // Made before sections: saved in today's shape first (the same page), then opened.
    adminApi.saveDraft(KIND, record.id, withSections(content), record.etag).then(
      (saved) => {
        if (!live) return;
        setRec(saved);
        setMessage('This template was made before sections: it is now one registration section, saved as a draft.');
        onChanged();
      },
      (e) => live && (setMessage(describeError(e)), setRec(record)),
    );
    return () => {
      live = false;
    };
    // Once per template opened: a later save of the panel must not convert again.
  }, [record.id]);

  // The page hands a new onChanged each render: the editor's data stays the same object unless its content changed
  // (the editor's context and canvas follow its identity).
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const t = (rec ? currentContent(rec) : undefined) as { templateId?: string; market?: string } | undefined;
  const templateId = String(t?.templateId ?? '');
  const market = t?.market === 'IN' ? 'IN' : 'ID';
  const editorData = useMemo<EditorData>(
    () => ({
      texts: data.texts,
      consoleLocale: TITLE_LOCALE,
      records: data.records,
      docs: data.docs,
      routePath: landingPath(templateId),
      market,
      onTextsSaved: () => changedRef.current(),
    }),
    [data.texts, data.records, data.docs, templateId, market],
  );
  if (!rec) return <p>Opening {record.id}…</p>;
  return (
    // Named, not headed: the panel inside brings its own heading (the document's kind and id).
    <div className="landing-sections" aria-label={`Sections of ${t?.templateId ?? rec.id}`} role="region">
      {message && <p role="status">{message}</p>}
      <JsonDocPanel
        doc={rec}
        role={role}
        editorData={editorData}
        onSaved={(saved) => {
          setRec(saved);
          changedRef.current();
        }}
        onReload={() => void adminApi.get(KIND, rec.id).then(setRec, (e) => setMessage(describeError(e)))}
      />
      <button type="button" onClick={onClose}>
        Close the sections
      </button>
    </div>
  );
}
