/**
 * Placeholder check for copy: `{name}` tokens a text is interpolated with (runtime.t's args). A value
 * that drops a placeholder its other locales (or its published value) carry, or adds one they do not,
 * would show a raw `{name}` or lose a number on the borrower's screen, so the copy table flags it.
 */
// `{name}` and an ICU argument's head `{name, plural, …}` / `{name, number}`: both are the same value the screen passes.
const TOKEN = /\{([A-Za-z_][A-Za-z0-9_.]*)(?:\}|\s*,)/g;

/** The distinct placeholder names in a value, in order of appearance. */
export function placeholdersOf(value: string | undefined | null): string[] {
  if (typeof value !== 'string') return [];
  const seen = new Set<string>();
  for (const m of value.matchAll(TOKEN)) seen.add(m[1]!);
  return [...seen];
}

export interface PlaceholderProblem {
  /** Placeholders the references carry and this value lacks. */
  missing: string[];
  /** Placeholders this value carries and no reference does. */
  extra: string[];
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
  const own = new Set(placeholdersOf(value));
  const wanted = new Set(refs.flatMap(placeholdersOf));
  const missing = [...wanted].filter((p) => !own.has(p));
  const extra = [...own].filter((p) => !wanted.has(p));
  return missing.length || extra.length ? { missing, extra } : null;
}

/** A short sentence for the flag next to the cell. */
export function describePlaceholderProblem(p: PlaceholderProblem): string {
  const parts: string[] = [];
  if (p.missing.length) parts.push(`drops ${p.missing.map((n) => `{${n}}`).join(', ')}`);
  if (p.extra.length) parts.push(`adds ${p.extra.map((n) => `{${n}}`).join(', ')}`);
  return `Placeholder ${parts.join(' and ')}`;
}
