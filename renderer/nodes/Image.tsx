import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { isSafeImageSrc } from './safe-url';
import { resolveArgs } from './text-of';

/** A size as written or bound: a positive whole number of pixels, else none (the browser sizes the picture). */
const pixels = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

export const Image: Widget<'image'> = ({ node }) => {
  const runtime = useRuntime();
  const src = runtime.resolve(node.src);
  if (!isSafeImageSrc(src)) {
    // An empty source is ordinary (data not loaded yet); anything else is refused and logged.
    if (src) runtime.logError(`image: refused source ${String(src).slice(0, 60)}`);
    return null;
  }
  const width = pixels(runtime.resolve(node.width));
  const height = pixels(runtime.resolve(node.height));
  return (
    <img
      id={node.id}
      className={`sdui-image${node.rounded ? ' sdui-image--rounded' : ''}`}
      src={src}
      alt={node.alt ? runtime.t(node.alt, resolveArgs(runtime, node.args)) : ''}
      width={width}
      height={height}
      // With both sizes the box keeps their shape once the picture arrives (the attributes' ratio gives way to the
      // picture's own), so a picture of another shape is cropped (`fit`), not shown at its own shape.
      style={{ objectFit: node.fit ?? 'cover', aspectRatio: width && height ? `${width} / ${height}` : undefined }}
      loading="lazy"
      decoding="async"
    />
  );
};
