import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { TabsNode } from '../../schemas/generated/types';
import type { Runtime } from '../runtime/contract';

type StaticTab = NonNullable<TabsNode['tabs']>[number];

/**
 * Tabs whose entries are routes: a navigation bar of real links, so each section has its own address
 * (deep links, back button, search engines, pages rendered without JavaScript). The current one is
 * `aria-current="page"`; WAI-ARIA tab roles would be wrong here, since choosing one loads another page.
 */
export function TabsNav({
  node,
  tabs,
  selected,
  runtime,
}: {
  node: TabsNode;
  tabs: StaticTab[];
  selected: number;
  runtime: Runtime;
}) {
  const list = useRef<HTMLUListElement>(null);
  const end = `${useId()}end`;
  // On a phone the bar scrolls sideways: bring the current section into view (a deep link to the last one).
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    const right = current.offsetLeft + current.offsetWidth; // the list is the link's offset parent (position: relative)
    if (right > ul.scrollLeft + ul.clientWidth) ul.scrollLeft = right - ul.clientWidth;
  }, [selected]);
  const follow = (e: MouseEvent<HTMLAnchorElement>, tab: StaticTab, index: number) => {
    // A plain click moves inside the app; a modified click (new tab) keeps the browser's behaviour.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !tab.route) return;
    e.preventDefault();
    const onChange = node.onChange ?? [];
    void runtime.run([...onChange, { action: 'navigate', to: tab.route }], { item: tab, index, result: index });
  };
  return (
    <nav id={node.id} aria-label={runtime.t(node.label)} className="sdui-tabs sdui-tabs--nav">
      {/* Not painted half-parsed: the bar is right-aligned or wrapped, so each entry arriving later would move the
          ones already drawn (a layout shift on a slow link or phone). React hoists the link into the head; the
          browser (Chromium 124+; others ignore it) holds the first paint until an element with that id is in the
          document, so the id is on an empty element after the last entry. */}
      <link rel="expect" href={`#${end}`} blocking="render" />
      <ul ref={list} className="sdui-tabs__list">
        {tabs.map((tab, i) => (
          <li key={i} className="sdui-tabs__item">
            {tab.route ? (
              <a
                href={runtime.href(tab.route)}
                aria-current={i === selected ? 'page' : undefined}
                className={`sdui-tabs__tab${i === selected ? ' sdui-tabs__tab--selected' : ''}`}
                onClick={(e) => follow(e, tab, i)}
              >
                {runtime.t(tab.label)}
              </a>
            ) : (
              <span className="sdui-tabs__tab">{runtime.t(tab.label)}</span>
            )}
          </li>
        ))}
      </ul>
      <span id={end} hidden />
    </nav>
  );
}
