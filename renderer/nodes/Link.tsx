import type { MouseEvent } from 'react';
import type { Widget } from '../runtime/contract';
import { useRuntime } from '../runtime/runtime-context';
import { isSafeLinkUrl } from './safe-url';
import { resolveArgs } from './text-of';

export const Link: Widget<'link'> = ({ node }) => {
  const runtime = useRuntime();
  const label = runtime.t(node.label, resolveArgs(runtime, node.args));
  const query = node.query ? runtime.resolve<Record<string, unknown>>(node.query) : undefined;
  let href: string | undefined;
  if (node.route) {
    href = runtime.href(node.route, query);
  } else {
    const url = runtime.resolve(node.url);
    if (isSafeLinkUrl(url)) {
      const extra = new URLSearchParams(Object.entries(query ?? {}).map(([k, v]) => [k, String(v ?? '')])).toString();
      href = extra ? `${url}${url.includes('?') ? '&' : '?'}${extra}` : url;
    } else {
      runtime.logError(`link: refused address ${String(url).slice(0, 60)}`);
    }
  }
  if (!href) return <span className="sdui-link sdui-link--dead">{label}</span>;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (node.onClick) {
      e.preventDefault();
      void runtime.run(node.onClick);
      return;
    }
    // A plain tap on a route link moves inside the app (no page reload); a modified click
    // (new tab, download) keeps the browser's own behaviour with the same href.
    if (node.route && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      void runtime.run([{ action: 'navigate', to: node.route, query: node.query }]);
    }
  };
  const external = /^https?:/i.test(href) && !node.route;
  return (
    <a
      id={node.id}
      className={`sdui-link${node.variant && node.variant !== 'inline' ? ` sdui-link--${node.variant}` : ''}`}
      href={href}
      onClick={onClick}
      rel={external ? 'noopener noreferrer' : undefined}
    >
      {label}
    </a>
  );
};
