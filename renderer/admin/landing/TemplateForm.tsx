/**
 * The fixed form of a landing campaign: its headline in both text sets, banner (URL or upload), colours (with a
 * contrast warning), after-register target and tracking tags. Headline and banner live in the template's
 * registration section; the page's other sections are edited in the screen editor ("Edit sections").
 */
import { useEffect, useRef, useState } from 'react';
import { adminApi } from '../admin-api';
import type { DocRecord } from '../admin-types';
import { sameJson } from '../diff/structural-diff';
import { mergeMineOnTheirs } from '../safety/merge';
import { useUnsavedGuard } from '../safety/use-unsaved-guard';
import { IMAGE_TYPES, uploadImage } from './upload-image';
import { contrastRatio, MIN_CONTRAST, registrationOf, withRegistration, type LandingTemplate } from './landing-model';

/** The text sets a landing page's copy lives in (every screen key must exist in each). */
export const TEXT_SETS = ['id-ID', 'en-IN'] as const;
export type Titles = Record<(typeof TEXT_SETS)[number], string>;

const textsOf = (rec: DocRecord) =>
  ((rec.draft?.content ?? rec.published?.content) as { texts?: Record<string, string> } | undefined)?.texts ?? {};

const COLOURS = [
  ['primary', 'Button and accent colour'],
  ['buttonText', 'Button text colour'],
  ['text', 'Text colour'],
  ['background', 'Background colour'],
] as const;

export default function TemplateForm({
  initial,
  onCancel,
  onSave,
  saving,
}: {
  initial: LandingTemplate;
  /** A save of this page is under way: Save waits for it. */
  saving?: boolean;
  onCancel(): void;
  onSave(t: LandingTemplate, titles?: Titles): void;
}) {
  const [t, setT] = useState(initial);
  /** The version the form's edits apply to. */
  const [base, setBase] = useState(initial);
  const baseText = JSON.stringify(base);
  // `initial` is rebuilt on every render of the list: compared by content.
  const initialText = JSON.stringify(initial);
  // A new version under the open form (its own save, or Pause from the list) keeps what was typed, on top of it:
  // the form re-created from it would drop the typing, and the form's stale copy saved later would undo the pause.
  useEffect(() => {
    if (initialText === baseText) return;
    setT((cur) => mergeMineOnTheirs(base, cur, initial).merged as LandingTemplate);
    setBase(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialText]);
  const registration = registrationOf(t);
  const titleKey = registrationOf(initial)?.title ?? '';
  const bannerImage = registration?.banner?.src ?? '';
  const setBanner = (src: string) =>
    setT((cur) => withRegistration(cur, { banner: { ...registrationOf(cur)?.banner, src } }));
  const [titles, setTitles] = useState<Titles | null>(null);
  const [loadedTitles, setLoadedTitles] = useState<Titles | null>(null);
  const lastLoaded = useRef<Titles | null>(null);
  useEffect(() => {
    void Promise.all(TEXT_SETS.map((s) => adminApi.get('text-set', s))).then(
      (docs) => {
        const found = Object.fromEntries(
          TEXT_SETS.map((s, i) => [s, String(textsOf(docs[i])[titleKey] ?? '')]),
        ) as Titles;
        const before = lastLoaded.current;
        lastLoaded.current = found;
        setLoadedTitles(found);
        // Titles typed and not saved stay; untouched ones follow the copy as saved now.
        setTitles((cur) => (!cur || !before || TEXT_SETS.every((s) => cur[s] === before[s]) ? found : cur));
      },
      () => setLoadedTitles(null),
    );
  }, [titleKey, baseText]);
  const titlesChanged = !!titles && !!loadedTitles && TEXT_SETS.some((s) => titles[s] !== loadedTitles[s]);
  useUnsavedGuard(titlesChanged || !sameJson(t, base), `landing page ${initial.templateId}`);
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
      setBanner(url);
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
        Banner image URL <input value={bannerImage} onChange={(e) => setBanner(e.target.value)} />
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
      {bannerImage.startsWith('/media/') && (
        <img src={bannerImage} alt="Banner image preview" style={{ maxWidth: 240, maxHeight: 120 }} />
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
      <button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save draft'}
      </button>
      <button type="button" onClick={onCancel}>
        Close
      </button>
    </form>
  );
}
