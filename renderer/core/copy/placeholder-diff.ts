/**
 * Placeholder parity, the rule both sides of the console share: a copy value that drops an argument its reference (the
 * other locale, or its published value) shows loses a number on the borrower's screen, and one that adds an argument
 * nobody passes shows a raw `{name}`. The server's copy check reads the names from the parsed ICU message; the copy
 * table reads them from the text as the editor types (no parser in the browser). Both compare and word it here.
 */

export interface PlaceholderProblem {
  /** Placeholders the references carry and this value lacks. */
  missing: string[];
  /** Placeholders this value carries and no reference does. */
  extra: string[];
}

/** What `own` lacks of `wanted` and has beyond it; null when they hold the same names. */
export function placeholderDiff(own: Iterable<string>, wanted: Iterable<string>): PlaceholderProblem | null {
  const mine = new Set(own);
  const theirs = new Set(wanted);
  const missing = [...theirs].filter((p) => !mine.has(p));
  const extra = [...mine].filter((p) => !theirs.has(p));
  return missing.length || extra.length ? { missing, extra } : null;
}

/** "Placeholder drops {a} and adds {b}": the flag next to a copy cell and the server finding's opening words. */
export function describePlaceholderProblem(p: PlaceholderProblem): string {
  const names = (list: string[]) => list.map((n) => `{${n}}`).join(', ');
  const parts: string[] = [];
  if (p.missing.length) parts.push(`drops ${names(p.missing)}`);
  if (p.extra.length) parts.push(`adds ${names(p.extra)}`);
  return `Placeholder ${parts.join(' and ')}`;
}
