/**
 * Before/after pictures of a changed screen or landing template on the review page: two inert, scaled
 * preview frames of the real renderer, the published document on the left and the draft on the right, each drawn
 * through the same messages as the editor's canvas (admin/editor/canvas-bridge.ts). The pictures only differ by this
 * document: both frames read the preview bundle, so copy, market and maps are the drafts' in both.
 */
import { useEffect, useMemo, useState } from 'react';
import { adminApi } from '../admin-api';
import { currentContent } from '../admin-types';
import { createCanvasBridge } from '../editor/canvas-bridge';
import { previewUrl } from '../PreviewFrame';

/** Kinds drawn by a screen of their own (a screen) or answered to the landing screens (a landing template). */
export const PICTURED_KINDS = new Set(['screen', 'landing-template']);

const WIDTH = 375;
const HEIGHT = 667;
const SCALE = 0.5;
/** A path no route map has. */
const NO_ROUTE = '/preview-of-not-found';

interface Props {
  kind: string;
  id: string;
  /** The published document (null: a new document, nothing to show before). */
  before: unknown;
  after: unknown;
  market: string;
}

type Route = { path?: unknown; screen?: unknown };

/** The route path that opens the document: the route map's (drafts over published) for a screen; a landing
 * template's registration page by its `templateId`, as the Landing pages tab opens it. */
export function useRoutePath(kind: string, id: string, doc: unknown): string | null | undefined {
  const templateId = (doc as { templateId?: unknown } | null)?.templateId;
  const [path, setPath] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (kind !== 'screen') return;
    let live = true;
    adminApi
      .list({ kind: 'route-map' })
      .then((maps) => (maps[0] ? adminApi.get('route-map', maps[0].id) : null))
      .then((rec) => {
        const map = (rec ? currentContent(rec) : undefined) as { routes?: Route[]; notFound?: unknown } | undefined;
        const hit = (map?.routes ?? []).find((r) => r.screen === id && typeof r.path === 'string');
        // The not-found screen answers any path no route has.
        const path = hit ? String(hit.path) : map?.notFound === id ? NO_ROUTE : null;
        if (live) setPath(path);
      })
      .catch(() => live && setPath(null));
    return () => {
      live = false;
    };
  }, [kind, id]);
  if (kind === 'landing-template')
    return typeof templateId === 'string' ? `/register?${new URLSearchParams({ templateId })}` : null;
  return path;
}

/** One inert picture: the frame draws `doc` as soon as its preview listens. */
function Picture({
  label,
  kind,
  doc,
  path,
  market,
}: {
  label: string;
  kind: string;
  doc: unknown;
  path: string;
  market: string;
}) {
  const bridge = useMemo(() => createCanvasBridge(), []);
  useEffect(() => () => bridge.dispose(), [bridge]);
  useEffect(() => {
    bridge.setSelectMode(false);
    bridge.setDraft(kind, doc, market);
  }, [bridge, kind, doc, market]);
  return (
    <figure className="preview-picture">
      <figcaption>{label}</figcaption>
      <div className="preview-picture__box" style={{ width: WIDTH * SCALE, height: HEIGHT * SCALE }}>
        <iframe
          ref={(el) => bridge.attach(el)}
          title={label}
          src={previewUrl(path, market)}
          width={WIDTH}
          height={HEIGHT}
          loading="lazy"
          inert
          style={{ transform: `scale(${SCALE})`, transformOrigin: '0 0' }}
        />
      </div>
    </figure>
  );
}

export default function PreviewPictures({ kind, id, before, after, market }: Props) {
  const path = useRoutePath(kind, id, after ?? before);
  const name = `${kind} ${id}`;
  if (path === undefined) return <p className="review-doc__meta">Loading the pictures…</p>;
  if (path === null) return <p className="review-doc__meta">No route opens {name}: there is no picture of it.</p>;
  return (
    <div className="preview-pictures" role="group" aria-label={`Pictures of ${name}, market ${market}`}>
      {before ? (
        <Picture label={`Published (before): ${name}`} kind={kind} doc={before} path={path} market={market} />
      ) : (
        <p className="preview-picture preview-picture--none">Published (before): nothing, a new document.</p>
      )}
      {after ? (
        <Picture label={`Draft (after): ${name}`} kind={kind} doc={after} path={path} market={market} />
      ) : (
        <p className="preview-picture preview-picture--none">Draft (after): nothing.</p>
      )}
    </div>
  );
}
