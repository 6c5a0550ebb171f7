/**
 * The browser's side of same-origin embeds (the rule itself is in core/runtime/same-origin-embeds.ts, which the
 * embedded-page widget's chunk imports): boot stores the paths the server allows for this page load, and each screen
 * reads them with the page's own origin.
 */
import type { SameOriginEmbeds } from '../core/runtime/same-origin-embeds';

export type { SameOriginEmbeds };

let paths: readonly string[] = [];

/** Boot: the paths the server allows for this page load (none unless it runs the sandbox). */
export function allowSameOriginEmbeds(list: unknown): void {
  paths = Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && p.startsWith('/')) : [];
}

/** What a screen in the browser gets: undefined when nothing of this origin may be embedded. */
export function browserSameOriginEmbeds(): SameOriginEmbeds | undefined {
  return paths.length && typeof window !== 'undefined' ? { origin: window.location.origin, paths } : undefined;
}
