/**
 * Placeholder check for copy: `{name}` tokens a text is interpolated with (runtime.t's args). A value
 * that drops a placeholder its other locales (or its published value) carry, or adds one they do not,
 * would show a raw `{name}` or lose a number on the borrower's screen, so the copy table flags it.
 */
import { placeholderDiff, type PlaceholderProblem } from '../../core/copy/placeholder-diff';

export { describePlaceholderProblem, type PlaceholderProblem } from '../../core/copy/placeholder-diff';

// `{name}` and an ICU argument's head `{name, plural, …}` / `{name, number}`: both are the same value the screen passes.
const TOKEN = /\{([A-Za-z_][A-Za-z0-9_.]*)(?:\}|\s*,)/g;

/** The distinct placeholder names in a value, in order of appearance. */
export function placeholdersOf(value: string | undefined | null): string[] {
  if (typeof value !== 'string') return [];
  const seen = new Set<string>();
  for (const m of value.matchAll(TOKEN)) seen.add(m[1]!);
  return [...seen];
}

/**
 * Compares a value's placeholders with its references (the same key in other locales and its
 * published value). Empty or absent references are ignored (a missing translation is its own
 * flag); null when there is nothing to compare or nothing differs.
 */
export function placeholderProblem(
  value: string | undefined,
  references: (string | undefined | null)[],
): PlaceholderProblem | null {
  if (typeof value !== 'string' || value === '') return null;
  const refs = references.filter((r): r is string => typeof r === 'string' && r !== '');
  if (!refs.length) return null;
  return placeholderDiff(placeholdersOf(value), refs.flatMap(placeholdersOf));
}
