/**
 * A production start names every published market that does not ask for four eyes, so ops see at start
 * that one publisher alone can change what its borrowers get (the rule itself: validation/publish-checks.ts).
 */
import type { NewDocument } from '../store/config-store.js';

/** Ids of the published markets whose `fourEyes` is not true, sorted. */
export function marketsWithoutFourEyes(published: Pick<NewDocument, 'kind' | 'id' | 'content'>[]): string[] {
  return published
    .filter((d) => d.kind === 'market' && (d.content as { fourEyes?: unknown } | null)?.fourEyes !== true)
    .map((d) => d.id)
    .sort();
}

/** The warning a production start logs, or undefined when every market asks for four eyes (or it is no production start). */
export function fourEyesWarning(
  published: Pick<NewDocument, 'kind' | 'id' | 'content'>[],
  env: { NODE_ENV?: string },
): string | undefined {
  if (env.NODE_ENV !== 'production') return undefined;
  const off = marketsWithoutFourEyes(published);
  if (!off.length) return undefined;
  return `four eyes is off for market ${off.join(', ')}: one publisher alone can publish or roll back what its borrowers get; set "fourEyes": true in the market document (console: Markets) and have a second publisher publish it`;
}
