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
  const onClick = node.onClick
    ? (e: MouseEvent<HTMLAnchorElement>) => {
        e.preventDefault();
        void runtime.run(node.onClick);
      }
    : undefined;
  const external = /^https?:/i.test(href) && !node.route;
  return (
    <a id={node.id} className="sdui-link" href={href} onClick={onClick} rel={external ? 'noopener noreferrer' : undefined}>
      {label}
    </a>
  );
};
