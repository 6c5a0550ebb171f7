/**
 * A new text key created in place: its name and its copy in every locale of the draft text sets. The copy checks run
 * when it is created (`createKey`); their findings are shown, and the key is used only when there are none or the
 * editor accepts them after reading them.
 */
import { useId, useState } from 'react';
import type { EditorContext } from '../editor-context';

interface Props {
  context: EditorContext;
  /** The key schema's pattern (dotted lower-camel segments). */
  pattern?: string;
  onCreated(key: string): void;
  onCancel(): void;
}

export default function NewKeyForm({ context, pattern, onCreated, onCancel }: Props) {
  const locales = Object.keys(context.texts).sort((a, b) =>
    a === context.consoleLocale ? -1 : b === context.consoleLocale ? 1 : a.localeCompare(b),
  );
  const [key, setKey] = useState('');
  const [copy, setCopy] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [findings, setFindings] = useState<string[] | null>(null);
  // Once created, the key is in the draft text sets: checking its edited copy again is not a clash.
  const [created, setCreated] = useState('');
  const base = useId();

  function problem(): string {
    if (pattern && !new RegExp(pattern, 'u').test(key))
      return 'The key must be dotted lower-camel words, e.g. complaint.entryBanner.';
    if (key !== created && locales.some((l) => key in context.texts[l]))
      return `The key ${key} already exists: pick it from the search.`;
    const missing = locales.filter((l) => !copy[l]?.trim());
    if (missing.length) return `Write the copy in every locale (missing: ${missing.join(', ')}).`;
    return '';
  }

  async function create() {
    const p = problem();
    setError(p);
    setFindings(null);
    if (p) return;
    setBusy(true);
    try {
      const found = await context.createKey(key, Object.fromEntries(locales.map((l) => [l, copy[l]])));
      setCreated(key);
      if (found.length === 0) onCreated(key);
      else setFindings(found);
    } catch (e) {
      setError(`The key was not created: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="editor-newkey" role="group" aria-label="New text key">
      <label htmlFor={`${base}-key`}>New key</label>
      <input
        id={`${base}-key`}
        type="text"
        value={key}
        spellCheck={false}
        onChange={(e) => setKey(e.target.value.trim())}
      />
      {locales.map((l) => (
        <div key={l}>
          <label htmlFor={`${base}-${l}`}>Copy ({l})</label>
          <textarea
            id={`${base}-${l}`}
            rows={2}
            value={copy[l] ?? ''}
            onChange={(e) => setCopy({ ...copy, [l]: e.target.value })}
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {findings && (
        <div role="alert" className="editor-newkey__findings">
          <p>The copy checks found:</p>
          <ul>
            {findings.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={() => onCreated(key)}>
            Use {key} anyway
          </button>
        </div>
      )}
      <div className="editor-newkey__actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void create()}>
          {findings ? 'Check again' : 'Create and check'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
