/** Under a typed cell whose saved copy a colleague changed meanwhile: their text, and the choice (copy/clashes.ts). */
import type { Clash } from './clashes';

interface Props {
  id: string;
  clash: Clash;
  by?: string;
  onKeepMine(): void;
  onTakeTheirs(): void;
}

export default function ClashNote({ id, clash, by, onKeepMine, onTakeTheirs }: Props) {
  return (
    <div id={id} className="copy__flag" role="group" aria-label={`${clash.key} (${clash.docId}) changed meanwhile`}>
      <p>
        {by ?? 'Someone'} saved this cell while you were typing:{' '}
        {clash.theirs === undefined ? <em>the key was removed</em> : <q>{clash.theirs}</q>}
      </p>
      <button type="button" onClick={onKeepMine}>
        Keep mine
      </button>{' '}
      <button type="button" onClick={onTakeTheirs}>
        Take theirs
      </button>
    </div>
  );
}
