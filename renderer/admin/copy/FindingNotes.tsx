/**
 * The QA findings of one copy cell: each with a word and an icon for its severity (never colour alone) and, where
 * the server knows the fix, a one-click button that puts the corrected copy into the cell and saves it.
 */
import type { CopyFinding } from './copy-findings';

interface Props {
  id: string;
  findings: CopyFinding[];
  /** Absent for people who cannot write: they see the findings, not the fix. */
  onFix?: (value: string) => void;
  busy?: boolean;
}

export default function FindingNotes({ id, findings, onFix, busy }: Props) {
  if (!findings.length) return null;
  return (
    <ul id={id} className="copy__findings" aria-label="Copy checks">
      {findings.map((f, i) => (
        <li key={i} className={`copy__finding copy__finding--${f.severity}`}>
          {/* Drawn with CSS around a plain glyph: an emoji icon is a blank box where no emoji font is installed. */}
          <span aria-hidden="true" className="copy__finding-icon">
            {f.severity === 'error' ? '×' : '!'}
          </span>{' '}
          <strong>{f.severity === 'error' ? 'Error' : 'Warning'}</strong> ({f.check}): {f.message}
          {onFix && f.fix && (
            <>
              {' '}
              <button type="button" className="btn copy__fix" disabled={busy} onClick={() => onFix(f.fix!.value)}>
                {f.fix.label}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
