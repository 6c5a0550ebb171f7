/**
 * A save refused with 412: someone else saved this document after I loaded it. Shows who, what
 * differs between their version and my text, and lets me take mine on top of theirs (a merge,
 * naming the values we both changed), take theirs, or reload. My text is never dropped: taking
 * theirs keeps it aside to put back.
 */
import { currentContent, type DocRecord } from '../admin-types';
import ChangeTable from '../diff/ChangeTable';
import { describeChanges } from '../diff/describe-changes';
import './safety.css';

interface Props {
  theirs: DocRecord;
  /** My unsaved document (parsed). */
  mine: unknown;
  onTakeMine(): void;
  onTakeTheirs(): void;
  onReload(): void;
}

export default function ConflictView({ theirs, mine, onTakeMine, onTakeTheirs, onReload }: Props) {
  const who = theirs.draft?.updatedBy ?? theirs.published?.createdBy ?? 'someone';
  const when = theirs.draft?.updatedAt ?? theirs.published?.createdAt;
  const theirContent = currentContent(theirs);
  const title = `${theirs.kind} ${theirs.id}`;
  return (
    <section className="card conflict" aria-labelledby="conflict-title" role="region">
      <h3 id="conflict-title">
        {who} saved {title} while you were editing{when ? ` (${new Date(when).toLocaleString()})` : ''}. Your text is
        not saved yet, and not lost.
      </h3>
      <p>What is different between their version and your text:</p>
      <ChangeTable changes={describeChanges(theirs.kind, theirContent, mine)} label="Their version → your text" />
      <details>
        <summary>Both versions in full</summary>
        <div className="conflict-sides">
          <div>
            <h4>Theirs ({who})</h4>
            <pre tabIndex={0} aria-label="Their version">
              {JSON.stringify(theirContent, null, 2)}
            </pre>
          </div>
          <div>
            <h4>Yours (unsaved)</h4>
            <pre tabIndex={0} aria-label="Your version">
              {JSON.stringify(mine, null, 2)}
            </pre>
          </div>
        </div>
      </details>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={onTakeMine}>
          Take mine on top of theirs
        </button>
        <button type="button" className="btn" onClick={onTakeTheirs}>
          Take theirs
        </button>
        <button type="button" className="btn" onClick={onReload}>
          Reload
        </button>
      </div>
    </section>
  );
}
