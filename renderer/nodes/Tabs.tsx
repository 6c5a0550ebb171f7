import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Node } from '../../schemas/generated/types';
import type { Widget } from '../runtime/contract';
import { nodeElements } from '../runtime/RenderNodes';
import { useRuntime } from '../runtime/runtime-context';
import { ItemScope } from './ItemScope';
import { isSafeImageSrc } from './safe-url';
import { asList, displayValue, pick } from './text-of';
import { TabsNav } from './TabsNav';

interface TabView {
  label: string;
  icon?: unknown;
  item: unknown;
  children?: Node[];
}

export const Tabs: Widget<'tabs'> = ({ node }) => {
  const runtime = useRuntime();
  const baseId = `t${useId().replace(/:/g, '')}`;
  const [own, setOwn] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Data tabs: the item's own icon first, else the document's icon for that position (e.g. the first four only).
  function dataIcon(item: unknown, index: number): unknown {
    const fromItem = node.iconField ? pick(item, node.iconField) : undefined;
    if (isSafeImageSrc(fromItem)) return fromItem;
    const template = node.icons?.[index];
    return template === undefined ? undefined : runtime.resolve(template, { item, index });
  }
  const tabs: TabView[] = node.tabs
    ? node.tabs.map((t) => ({
        label: runtime.t(t.label),
        icon: t.icon ? runtime.resolve(t.icon) : undefined,
        item: t,
        children: t.children,
      }))
    : asList(runtime.resolve(node.items)).map((item, index) => ({
        label: displayValue(pick(item, node.labelField ?? 'title')),
        icon: dataIcon(item, index),
        item,
      }));
  const bound = node.bind ? Number(runtime.get(node.bind) ?? 0) : own;
  const inRange = Number.isInteger(bound) && bound >= 0 && bound < tabs.length;
  const selected = inRange ? bound : 0;

  const choose = (index: number) => {
    if (index === selected) return;
    if (node.bind) runtime.setState(node.bind, index);
    else setOwn(index);
    if (node.onChange) void runtime.run(node.onChange, { item: tabs[index]?.item, index, result: index });
  };
  // WAI-ARIA tabs: arrows move and activate, Home/End jump; only the chosen tab is in the Tab order.
  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (selected + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (selected - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    choose(next);
    refs.current[next]?.focus();
  };

  // Routed tabs are a site's navigation: a page outside every section (e.g. a contact page) marks none.
  if (node.tabs?.some((t) => t.route))
    return <TabsNav node={node} tabs={node.tabs} selected={inRange ? bound : -1} runtime={runtime} />;

  const current = tabs[selected];
  const bar = (
    <div role="tablist" aria-label={runtime.t(node.label)} className="sdui-tabs__list" onKeyDown={onKeyDown}>
      {tabs.map((t, i) => (
        <button
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${baseId}-tab-${i}`}
          aria-selected={i === selected}
          aria-controls={`${baseId}-panel`}
          tabIndex={i === selected ? 0 : -1}
          className={`sdui-tabs__tab${i === selected ? ' sdui-tabs__tab--selected' : ''}`}
          onClick={() => choose(i)}
        >
          {isSafeImageSrc(t.icon) ? <img src={t.icon} alt="" className="sdui-tabs__icon" /> : null}
          {t.label}
        </button>
      ))}
    </div>
  );
  const panel = current ? (
    <div
      role="tabpanel"
      id={`${baseId}-panel`}
      aria-labelledby={`${baseId}-tab-${selected}`}
      tabIndex={0}
      className="sdui-tabs__panel"
    >
      <ItemScope item={current.item} index={selected}>
        {nodeElements(current.children ?? node.panel)}
      </ItemScope>
    </div>
  ) : null;
  return (
    <div id={node.id} className={`sdui-tabs sdui-tabs--${node.placement ?? 'top'}`}>
      {node.placement === 'bottom' ? panel : bar}
      {node.placement === 'bottom' ? bar : panel}
    </div>
  );
};

/** The registry loads it lazily (registry.ts), as the module's default. */
export default Tabs;
