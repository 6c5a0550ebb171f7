import type { Handler } from '../runtime/contract';
import { isAllowedUrl } from './url-policy';

const fillParams = (path: string, params: Record<string, unknown>) =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (m, name: string) =>
    params[name] != null ? encodeURIComponent(String(params[name])) : m,
  );

/** In-app route (common params carried), external http(s) URL (common params only with `commonParams`), or back. */
export const navigate: Handler<'navigate'> = async (action, ctx) => {
  const { runtime } = ctx;
  if (action.back) {
    ctx.back();
    return { ok: true };
  }
  const query = runtime.resolve<Record<string, unknown>>(action.query ?? {});
  if (action.to) {
    const path = fillParams(action.to, runtime.resolve<Record<string, unknown>>(action.params ?? {}));
    // Router paths never carry the `#`: href() adds it only for links.
    if (ctx.navigate(runtime.href(path, query).replace(/^#/, ''), { replace: action.replace }) === false)
      return { ok: false, error: { code: 'offline', message: 'offline: the screen is not kept on this phone' } };
    return { ok: true };
  }
  const url = String(runtime.resolve(action.url ?? '') ?? '');
  if (!/^https?:\/\//i.test(url) || !isAllowedUrl(url)) {
    runtime.logError(
      `navigate: refused URL "${url}" (only http(s) leaves the app; use a route path for in-app screens)`,
    );
    return { ok: false, error: { message: 'refused URL' } };
  }
  const u = new URL(url);
  // The common params hold the borrower's token: another site would log it and pass it on, so only where asked.
  const carried = action.commonParams
    ? Object.fromEntries(new URLSearchParams(runtime.href('/', query).split('?')[1] ?? ''))
    : query;
  for (const [k, v] of Object.entries(carried))
    if (v != null && !u.searchParams.has(k)) u.searchParams.set(k, String(v));
  ctx.openExternal(u.toString(), { replace: action.replace });
  return { ok: true };
};
