/**
 * The draft as a borrower would see it: the real renderer in a 375×667 frame, in preview mode
 * (`sduiPreview=1` makes the boot read `/admin/api/preview/*`, where saved drafts overlay the
 * published state). `version` changes after every save, which reloads the frame.
 */
import { useState } from 'react';

interface Props {
  /** Route paths of the route map, offered in the picker. */
  paths: string[];
  /** Path to show first (e.g. the route of the screen being edited). */
  initialPath?: string;
  market: string;
  version: number;
}

export function previewUrl(path: string, market: string): string {
  const [p, q = ''] = path.split('?');
  const query = new URLSearchParams(q);
  query.set('market', market);
  query.set('sduiPreview', '1');
  return `${p.replace(/:([A-Za-z]+)/g, 'preview-$1')}?${query.toString()}`;
}

export default function PreviewFrame({ paths, initialPath, market, version }: Props) {
  const [path, setPath] = useState(initialPath ?? paths[0] ?? '/');
  const [reloads, setReloads] = useState(0);
  const [chosenFor, setChosenFor] = useState(initialPath);
  // Opening another document points the preview at its route; the picker still wins afterwards.
  if (initialPath !== chosenFor) {
    setChosenFor(initialPath);
    if (initialPath) setPath(initialPath);
  }
  return (
    <section aria-label="Preview" className="preview">
      <h2>Preview (draft)</h2>
      <label>
        Preview route{' '}
        <input list="preview-routes" value={path} onChange={(e) => setPath(e.target.value)} />
      </label>
      <datalist id="preview-routes">
        {paths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <button type="button" onClick={() => setReloads((n) => n + 1)}>Reload preview</button>
      <div>
        <iframe
          key={`${version}:${reloads}:${path}`}
          title="Draft preview"
          src={previewUrl(path, market)}
          width={375}
          height={667}
          style={{ border: '8px solid #222', borderRadius: 24, background: '#fff' }}
        />
      </div>
    </section>
  );
}
