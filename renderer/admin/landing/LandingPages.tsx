/**
 * "Landing pages": every campaign template with its status, market and public link; "New from this one"
 * copies a template under a new templateId; a form edits banner, colours (with a contrast warning),
 * after-register target and tracking tags; pause and resume keep the campaign. Everything is saved as a
 * draft and goes live through the normal Publish tab (review, publish, audit entry).
 */
import { useEffect, useState } from 'react';
import { adminApi } from '../admin-api';
import type { DocRecord, Role } from '../admin-types';
import { describeError } from '../describe-error';
import PreviewFrame from '../PreviewFrame';
import { IMAGE_TYPES, uploadImage } from './upload-image';
import {
  contentOf,
  contrastRatio,
  duplicate,
  MIN_CONTRAST,
  publicLink,
  statusOf,
  TEMPLATE_ID,
  type LandingTemplate,
} from './landing-model';

const KIND = 'landing-template';
/** The text sets a landing page's copy lives in (every screen key must exist in each). */
const TEXT_SETS = ['id-ID', 'en-IN'] as const;
type Titles = Record<(typeof TEXT_SETS)[number], string>;

const textsOf = (rec: DocRecord) =>
  ((rec.draft?.content ?? rec.published?.content) as { texts?: Record<string, string> } | undefined)?.texts ?? {};
/** A text key of this campaign's own: `landing.<templateId without - and _>.title`. */
const titleKeyFor = (templateId: string) => `landing.${templateId.replace(/[^A-Za-z0-9]/g, '')}.title`;
const canEdit = (role: Role) => role !== 'viewer';
/** The visitor's path of a template (the preview adds market and preview mode). */
const previewPath = (t: LandingTemplate) => `/register?${new URLSearchParams({ templateId: t.templateId })}`;

export default function LandingPages({ role }: { role: Role }) {
  const [records, setRecords] = useState<DocRecord[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [copying, setCopying] = useState<string | null>(null);
  /** Bumped after every save: the draft preview reloads. */
  const [version, setVersion] = useState(0);

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
        content = { ...content, title: key };
      }
      await adminApi.saveDraft(KIND, rec.id, content, rec.etag);
      setVersion((v) => v + 1);
      setMessage(`${done} Publish it in the Publish tab.`);
      await load();
    } catch (e) {
      setMessage(describeError(e));
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
                      <button type="button" onClick={() => setEditing(rec.id)}>
                        Edit {t.templateId}
                      </button>
                      <button type="button" onClick={() => setCopying(rec.id)}>
                        New from {t.templateId}
                      </button>
                      <button type="button" onClick={() => void togglePause(rec)}>
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
      {editingRec && contentOf(editingRec) && (
        // The form and, beside it, the saved draft as a visitor would see it (the preview reads drafts).
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' }}>
          <TemplateForm
            key={editingRec.etag}
            initial={contentOf(editingRec)!}
            onCancel={() => setEditing(null)}
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

const COLOURS = [
  ['primary', 'Button and accent colour'],
  ['buttonText', 'Button text colour'],
  ['text', 'Text colour'],
  ['background', 'Background colour'],
] as const;

function TemplateForm({
  initial,
  onCancel,
  onSave,
}: {
  initial: LandingTemplate;
  onCancel(): void;
  onSave(t: LandingTemplate, titles?: Titles): void;
}) {
  const [t, setT] = useState(initial);
  const [titles, setTitles] = useState<Titles | null>(null);
  const [loadedTitles, setLoadedTitles] = useState<Titles | null>(null);
  useEffect(() => {
    void Promise.all(TEXT_SETS.map((s) => adminApi.get('text-set', s))).then(
      (docs) => {
        const found = Object.fromEntries(
          TEXT_SETS.map((s, i) => [s, String(textsOf(docs[i])[String(initial.title)] ?? '')]),
        ) as Titles;
        setLoadedTitles(found);
        setTitles(found);
      },
      () => setLoadedTitles(null),
    );
  }, [initial.title]);
  const titlesChanged = !!titles && !!loadedTitles && TEXT_SETS.some((s) => titles[s] !== loadedTitles[s]);
  const theme = { buttonText: '#ffffff', ...t.theme };
  const warnings = [
    [contrastRatio(theme.buttonText, theme.primary), 'Text on the button is hard to read'],
    [contrastRatio(theme.text, theme.background), 'Text on the background is hard to read'],
  ]
    .filter(([r]) => typeof r === 'number' && r < MIN_CONTRAST)
    .map(([r, m]) => `${m} (contrast ${(r as number).toFixed(1)}:1, needs ${MIN_CONTRAST}:1).`);
  const tracking = t.tracking ?? {};
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUpload({ busy: true, error: null });
    try {
      const url = await uploadImage(file);
      setT((cur) => ({ ...cur, bannerImage: url }));
      setUpload({ busy: false, error: null });
    } catch (e) {
      setUpload({ busy: false, error: `Banner image not uploaded: ${(e as Error).message}` });
    }
  };
  return (
    <form
      aria-label={`Edit ${t.templateId}`}
      // One field per line: labels stay next to their inputs on any width.
      style={{ display: 'grid', gap: 8, maxWidth: 520, marginTop: 16 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(t, titlesChanged ? titles! : undefined);
      }}
    >
      <h3>Edit {t.templateId}</h3>
      {titles &&
        TEXT_SETS.map((s) => (
          <label key={s}>
            Title ({s}){' '}
            <input
              value={titles[s]}
              required
              maxLength={120}
              onChange={(e) => setTitles({ ...titles, [s]: e.target.value })}
            />
          </label>
        ))}
      <label>
        Banner image URL <input value={t.bannerImage} onChange={(e) => setT({ ...t, bannerImage: e.target.value })} />
      </label>
      <label>
        Upload a banner image (PNG, JPEG or WebP){' '}
        <input
          type="file"
          accept={IMAGE_TYPES}
          disabled={upload.busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </label>
      {upload.busy && <p role="status">Uploading…</p>}
      {upload.error && <p role="alert">{upload.error}</p>}
      {String(t.bannerImage ?? '').startsWith('/media/') && (
        <img src={t.bannerImage} alt="Banner image preview" style={{ maxWidth: 240, maxHeight: 120 }} />
      )}
      {COLOURS.map(([key, label]) => (
        <label key={key}>
          {label}{' '}
          <input
            value={theme[key]}
            onChange={(e) => setT({ ...t, theme: { ...theme, [key]: e.target.value } })}
            pattern="#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})"
          />
        </label>
      ))}
      {warnings.map((w) => (
        <p key={w} role="alert">
          {w}
        </p>
      ))}
      <label>
        After registering go to{' '}
        <select
          value={t.afterRegister}
          onChange={(e) => setT({ ...t, afterRegister: e.target.value as LandingTemplate['afterRegister'] })}
        >
          <option value="download">Download page</option>
          <option value="agreement">Agreement page</option>
        </select>
      </label>
      {(['userFrom', 'appFrom', 'utmTag', 'merchantNumber'] as const).map((k) => (
        <label key={k}>
          Tracking {k}{' '}
          <input
            value={tracking[k] ?? ''}
            maxLength={64}
            onChange={(e) => setT({ ...t, tracking: { ...tracking, [k]: e.target.value } })}
          />
        </label>
      ))}
      <button type="submit">Save draft</button>
      <button type="button" onClick={onCancel}>
        Close
      </button>
    </form>
  );
}
