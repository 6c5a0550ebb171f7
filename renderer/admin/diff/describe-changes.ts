/**
 * A document's changes as a reviewer reads them, per document kind:
 * - text sets: `key: before → after` (the locale is the text set's),
 * - markets: `field path: before → after` (dotted, e.g. `limits.complaintTextMax`),
 * - screens, maps and the rest: the JSON pointer, with the values shown compactly.
 */
import { pointerTokens, structuralDiff, type ChangeKind } from './structural-diff';

export interface ChangeRow {
  /** What changed, in the words of the document kind (text key, field path or pointer). */
  label: string;
  pointer: string;
  change: ChangeKind;
  /** Compact text of the old/new value; undefined when there is none (added/removed). */
  before?: string;
  after?: string;
}

export interface DescribedChanges {
  /** How `label` reads for this kind, for the column heading. */
  labelName: 'Text key' | 'Field' | 'JSON pointer';
  /** The text set's locale, when the document is one. */
  locale?: string;
  rows: ChangeRow[];
}

const MAX = 140;

/**
 * Characters that draw nothing (zero-width spaces, direction marks and overrides, soft hyphens, the BOM): a change of
 * only these reads "Bayar → Bayar", and a reviewer would publish it unseen. Named instead. The zero-width joiner and
 * tag characters are left alone: emoji sequences are built from them.
 */
const INVISIBLE = /(?![\u200d\u{e0020}-\u{e007f}])\p{Cf}/gu;
const named = (c: string) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** A value in one line: strings as they are (that is what a borrower reads), the rest as JSON, shortened. */
export function compactValue(v: unknown): string {
  const s = (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).replace(INVISIBLE, named);
  return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}

/** `['limits', 'orderStatuses', 'loanMore', '0']` → `limits.orderStatuses.loanMore[0]`. */
export function fieldPath(tokens: string[]): string {
  return tokens.reduce((path, t) => (/^\d+$/.test(t) ? `${path}[${t}]` : path ? `${path}.${t}` : t), '');
}

const stringField = (doc: unknown, field: string) => {
  const v = (doc as Record<string, unknown> | null)?.[field];
  return typeof v === 'string' ? v : undefined;
};

const LABEL_NAMES = { 'text-set': 'Text key', market: 'Field' } as const;

/** How a change at `pointer` is named for a document of this kind (text key, field path or pointer). */
export function labelFor(kind: string, pointer: string): string {
  const t = pointerTokens(pointer);
  // A text key is one token under /texts; anything else (description, locale) reads as a field.
  if (kind === 'text-set')
    return t[0] === 'texts' && t.length === 2
      ? t[1]
      : t[0] === 'texts' && t.length === 1
        ? 'all texts'
        : fieldPath(t) || '(whole document)';
  if (kind === 'market') return fieldPath(t) || '(whole document)';
  return pointer || '/';
}

export const labelNameFor = (kind: string): DescribedChanges['labelName'] =>
  (LABEL_NAMES as Record<string, DescribedChanges['labelName']>)[kind] ?? 'JSON pointer';

export function describeChanges(kind: string, before: unknown, after: unknown): DescribedChanges {
  const rows: ChangeRow[] = structuralDiff(before ?? undefined, after ?? undefined).map((c) => ({
    label: labelFor(kind, c.pointer),
    pointer: c.pointer,
    change: c.change,
    before: c.change === 'added' ? undefined : compactValue(c.before),
    after: c.change === 'removed' ? undefined : compactValue(c.after),
  }));
  const locale = kind === 'text-set' ? (stringField(after, 'locale') ?? stringField(before, 'locale')) : undefined;
  return locale ? { labelName: labelNameFor(kind), locale, rows } : { labelName: labelNameFor(kind), rows };
}
