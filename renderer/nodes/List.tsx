import { useRef, type ReactNode } from 'react';
import type { ListNode } from '../../schemas/generated/types';
import type { Runtime, Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { ScopeContext, useRuntime } from '../runtime/runtime-context';
import { sameButState, stateFree, trackedRuntime } from '../core/runtime/create-runtime';
import { layoutClasses } from './layout';
import { asList, pick } from './text-of';

interface Drawn {
  parent: Runtime;
  items: unknown[];
  template: ListNode['itemTemplate'];
  scopes: Runtime[];
  lis: ReactNode[];
}

/** One `<li>` per item, under the item's runtime (`item`, `index`) provided right there. */
function drawItems(node: ListNode, items: unknown[], scopes: Runtime[]): ReactNode[] {
  // Each key once: a data key seen before (the same order twice in an answer) left React keeping a stale row on screen
  // at the next answer. Data keys are prefixed apart from positions, which a row whose key was taken gets.
  const seen = new Set<string>();
  return items.map((item, index) => {
    const key = 'k' + (node.itemKey && pick(item, node.itemKey));
    return (
      <li key={seen.has(key) ? index : (seen.add(key), key)} className="sdui-list__item">
        <ScopeContext.Provider value={scopes[index]}>{nodeElements(node.itemTemplate)}</ScopeContext.Provider>
      </li>
    );
  });
}

export const List: Widget<'list'> = ({ node }) => {
  const runtime = useRuntime();
  const items = asList(runtime.resolve(node.items));
  // The items' runtimes and elements are kept through a state change when every item drew without reading the state
  // (the same items, template and outer scope): React then skips them all, instead of redrawing a 200-item list for a
  // tap elsewhere on the screen (on a slow phone that was one 50-120 ms task). Otherwise they are made
  // afresh. Each item's runtime is its own context's value (ScopeContext), so the screen's new runtime does not reach
  // the items' nodes; no component per item in between (the first screen's heap).
  const kept = useRef<Drawn | null>(null);
  let drawn = kept.current;
  if (
    !drawn ||
    drawn.items !== items ||
    drawn.template !== node.itemTemplate ||
    !sameButState(drawn.parent, runtime) ||
    !drawn.scopes.every(stateFree)
  ) {
    const scopes = items.map((item, index) => trackedRuntime(runtime, { item, index }));
    drawn = { parent: runtime, items, template: node.itemTemplate, scopes, lis: drawItems(node, items, scopes) };
  }
  kept.current = drawn;
  if (!items.length) {
    return node.empty ? (
      <div id={node.id} className="sdui-list sdui-list--empty">
        {nodeElements(node.empty)}
      </div>
    ) : null;
  }
  return (
    <ul
      id={node.id}
      className={`sdui-list ${layoutClasses({ gap: node.gap })}`}
      aria-label={node.label ? runtime.t(node.label) : undefined}
    >
      {drawn.lis}
    </ul>
  );
};
