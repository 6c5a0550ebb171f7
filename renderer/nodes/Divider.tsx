import type { Widget } from '../runtime/contract';

export const Divider: Widget<'divider'> = ({ node }) => (
  <hr id={node.id} className={`sdui-divider${node.inset ? ' sdui-divider--inset' : ''}`} />
);

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Divider;
