import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';

const tagOf = { banner: 'header', navigation: 'nav', main: 'main', contentinfo: 'footer', region: 'section' } as const;
/** An empty element closing the banner: the browser holds the first paint until the parser has reached it. */
export const BANNER_END_ID = 'sdui-banner-end';

/** Native landmark elements, so screen readers can jump between regions and a skip link has a target. */
export const Landmark: Widget<'landmark'> = ({ node }) => {
  const runtime = useRuntime();
  const role = Object.hasOwn(tagOf, node.role) ? node.role : 'region';
  const Tag = tagOf[role];
  const label = node.label ? runtime.t(node.label) : undefined;
  if (role === 'region' && !label) runtime.logError('landmark: a region needs a label to be a landmark');
  const className = `sdui-landmark sdui-landmark--${role} sdui-landmark--${node.width ?? 'full'} sdui-landmark--tone-${node.tone ?? 'plain'}`;
  return (
    <>
      {/* A banner is not painted half-parsed: its right-aligned nav would move the items already drawn as each
          later one arrives (a layout shift on a slow link or phone). React hoists the link into the head; the
          browser (Chromium 124+; others ignore it) holds the first paint until an element with that id is in the
          document, so the id is on an empty element at the banner's end, not on the banner. */}
      {role === 'banner' && <link rel="expect" href={`#${BANNER_END_ID}`} blocking="render" />}
      {/* The main region takes focus from the skip link (tabIndex -1: focusable by script and #fragment, not by Tab). */}
      <Tag id={node.id} className={className} aria-label={label} tabIndex={role === 'main' ? -1 : undefined}>
        <div className="sdui-landmark__inner">{nodeElements(node.children)}</div>
        {role === 'banner' && <span id={BANNER_END_ID} hidden />}
      </Tag>
    </>
  );
};
