/**
 * "Landing pages": every campaign template with its status, market and public link; "New from this one"
 * copies a template under a new templateId; a form edits banner, colours (with a contrast warning),
 * after-register target and tracking tags; pause and resume keep the campaign. Everything is saved as a
 * draft and goes live through the normal Publish tab (review, publish, audit entry).
 */
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '../admin-api';
import type { DocRecord, Role } from '../admin-types';
import { describeError } from '../describe-error';
import PreviewFrame from '../PreviewFrame';
import {
  contentOf,
  duplicate,
  publicLink,
  statusOf,
  TEMPLATE_ID,
  withRegistration,
  type LandingTemplate,
} from './landing-model';
import TemplateForm, { TEXT_SETS, type Titles } from './TemplateForm';
import LandingSectionsEditor, { landingPath } from './LandingSectionsEditor';
import type { ConsoleData } from '../nav/use-console-data';

const KIND = 'landing-template';
/** A text key of this campaign's own: `landing.<templateId without - and _>.title`. */
const titleKeyFor = (templateId: string) => `landing.${templateId.replace(/[^A-Za-z0-9]/g, '')}.title`;
const canEdit = (role: Role) => role !== 'viewer';
/** The visitor's path of a template (the preview adds market and preview mode). */
const previewPath = (t: LandingTemplate) => landingPath(t.templateId);

interface Props {
  role: Role;
  /** The console's loaded documents; with them a template's sections open in the screen editor. */
  data?: ConsoleData;
  /** A draft was saved here: the console reloads its data. */
  onChanged?(): void;
}

export default function LandingPages({ role, data, onChanged }: Props) {
  const [records, setRecords] = useState<DocRecord[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  /** The template whose sections are open in the screen editor (the campaign form is closed meanwhile). */
  const [sections, setSections] = useState<string | null>(null);
  const [copying, setCopying] = useState<string | null>(null);
  /** Bumped after every save: the draft preview reloads. */
  const [version, setVersion] = useState(0);
  /**
   * A save under way: Save and Pause wait for it. Sent again over the same ETag, a save would be refused as if a
   * colleague had saved meanwhile (the first one moved the ETag on).
   */
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  const load = async () => {
    try {
      const list = await adminApi.list({ kind: KIND });
      setRecords(await Promise.all(list.map((d) => adminApi.get(KIND, d.id))));
    } catch (e) {
      setMessage(describeError(e));
      setRecords([]);
    }
  };
  useEffect(() => void load(), []);

  const save = async (rec: DocRecord, content: LandingTemplate, done: string, titles?: Titles) => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      if (titles) {
        // The title is copy: the campaign gets its own key in every text set, saved as drafts published together.
        const key = titleKeyFor(content.templateId);
        for (const set of TEXT_SETS) {
          const doc = await adminApi.get('text-set', set);
          const current = (doc.draft?.content ?? doc.published?.content) as { texts: Record<string, string> };
          if (current.texts[key] !== titles[set])
            await adminApi.saveDraft(
              'text-set',
              set,
              { ...current, texts: { ...current.texts, [key]: titles[set] } },
              doc.etag,
            );
        }
        content = withRegistration(content, { title: key });
      }
      await adminApi.saveDraft(KIND, rec.id, content, rec.etag);
      setVersion((v) => v + 1);
      setMessage(`${done} Publish it in the Publish tab.`);
      await load();
    } catch (e) {
      setMessage(describeError(e));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  // Pause touches one field: apply it to the latest version (someone may have published since this list loaded).
  const togglePause = async (rec: DocRecord) => {
    try {
      const fresh = await adminApi.get(KIND, rec.id);
      const t = contentOf(fresh);
      if (!t) return setMessage(`${rec.id} is not a landing template.`);
      await save(fresh, { ...t, paused: !t.paused }, t.paused ? 'Resumed as a draft.' : 'Paused as a draft.');
    } catch (e) {
      setMessage(describeError(e));
    }
  };

  if (records === null) return <p>Loading landing pages…</p>;
  const editingRec = records.find((r) => r.id === editing);
  const sectionsRec = records.find((r) => r.id === sections);
  return (
    <section aria-labelledby="landing-pages-title">
      <h2 id="landing-pages-title">Landing pages</h2>
      {message && <p role="status">{message}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">templateId</th>
            <th scope="col">Market</th>
            <th scope="col">Status</th>
            <th scope="col">Public link</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {records.map((rec) => {
            const t = contentOf(rec);
            if (!t) return null;
            const status = statusOf(rec);
            const link = publicLink(window.location.origin, t);
            return (
              <tr key={rec.id}>
                <td>{t.templateId}</td>
                <td>{t.market}</td>
                <td>
                  {status}
                  {rec.draft && rec.published ? ' (unpublished changes)' : ''}
                </td>
                <td>
                  <input readOnly value={link} aria-label={`Public link of ${t.templateId}`} size={40} />
                  <button
                    type="button"
                    onClick={() =>
                      void navigator.clipboard?.writeText(link).then(
                        () => setMessage('Link copied.'),
                        () => setMessage('Copy the link by hand.'),
                      )
                    }
                  >
                    Copy link
                  </button>
                </td>
                <td>
                  {canEdit(role) && (
                    <>
                      <button type="button" onClick={() => (setSections(null), setEditing(rec.id))}>
                        Edit {t.templateId}
                      </button>
                      {data && (
                        <button type="button" onClick={() => (setEditing(null), setSections(rec.id))}>
                          Edit sections of {t.templateId}
                        </button>
                      )}
                      <button type="button" onClick={() => setCopying(rec.id)}>
                        New from {t.templateId}
                      </button>
                      <button type="button" disabled={saving} onClick={() => void togglePause(rec)}>
                        {t.paused ? 'Resume' : 'Pause'} {t.templateId}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {copying && (
        <CopyForm
          from={contentOf(records.find((r) => r.id === copying)!)!}
          taken={records.map((r) => contentOf(r)?.templateId ?? '')}
          onCancel={() => setCopying(null)}
          onCreate={async (copy) => {
            try {
              await adminApi.createDraft(KIND, copy.id, copy);
              setCopying(null);
              setMessage(`Draft ${copy.templateId} created. Publish it in the Publish tab.`);
              await load();
              setEditing(copy.id);
            } catch (e) {
              setMessage(describeError(e));
            }
          }}
        />
      )}
      {sectionsRec && data && (
        <LandingSectionsEditor
          key={sectionsRec.id}
          record={sectionsRec}
          role={role}
          data={data}
          onChanged={() => (setVersion((v) => v + 1), onChanged?.(), void load())}
          onClose={() => setSections(null)}
        />
      )}
      {editingRec && contentOf(editingRec) && (
        // The form and, beside it, the saved draft as a visitor would see it (the preview reads drafts).
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
          <TemplateForm
            // Per template, not per version: a new version under the open form keeps what was typed (TemplateForm).
            key={editingRec.id}
            initial={contentOf(editingRec)!}
            onCancel={() => setEditing(null)}
            saving={saving}
            onSave={(c, titles) => void save(editingRec, c, 'Draft saved.', titles)}
          />
          <PreviewFrame
            paths={[previewPath(contentOf(editingRec)!)]}
            initialPath={previewPath(contentOf(editingRec)!)}
            market={contentOf(editingRec)!.market}
            version={version}
          />
        </div>
      )}
    </section>
  );
}

function CopyForm({
  from,
  taken,
  onCancel,
  onCreate,
}: {
  from: LandingTemplate;
  taken: string[];
  onCancel(): void;
  onCreate(t: LandingTemplate): void;
}) {
  const [templateId, setTemplateId] = useState('');
  const problem = !TEMPLATE_ID.test(templateId)
    ? 'Letters, digits, - and _ only (at most 64).'
    : taken.includes(templateId)
      ? 'That templateId is taken.'
      : null;
  return (
    <form
      aria-label={`New landing page from ${from.templateId}`}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginTop: 16 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onCreate(duplicate(from, templateId));
      }}
    >
      <label>
        New templateId{' '}
        <input
          value={templateId}
          onChange={(e) => setTemplateId(e.target.value)}
          aria-invalid={!!problem && templateId !== ''}
        />
      </label>
      {templateId !== '' && problem && <p role="alert">{problem}</p>}
      <button type="submit" disabled={!!problem}>
        Create draft
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
