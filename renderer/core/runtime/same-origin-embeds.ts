/**
 * Pages of this very origin a screen may embed besides the market's `embedOrigins`: the sandbox backend's own pages
 * while the server runs it (never in production). The server names their paths in the page's boot data
 * (`embedPaths`), and draws with the same rule, so drawn and hydrated pages agree.
 */
export interface SameOriginEmbeds {
  /** The page's origin (the browser's location; on the server, the origin the borrower asked for). */
  origin: string;
  /** Path prefixes under that origin, e.g. `/sandbox/pages/`. */
  paths: readonly string[];
}

/** Whether `src` is a page of `embeds.origin` under one of its paths (no `..` tricks: the URL is normalised). */
export function isSameOriginEmbed(src: unknown, embeds: SameOriginEmbeds | undefined): src is string {
  if (!embeds || typeof src !== 'string') return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.origin === embeds.origin && embeds.paths.some((p) => url.pathname.startsWith(p));
}
