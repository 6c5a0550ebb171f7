/**
 * Copy QA: every check on every message of the text sets, each finding an error (blocks a publish) or a
 * warning (publishes after a confirmation with a reason), with its reason and, where obvious, the corrected copy.
 */
import type { CopyFinding, MessageCheck, MessageInLocale } from './copy-finding.js';
import { copyUses } from './copy-uses.js';
import { parseMessage } from './parse-message.js';
import { argsParityCheck } from './checks/args-parity-check.js';
import { emptyCheck } from './checks/empty-check.js';
import { icuSyntaxCheck } from './checks/icu-syntax-check.js';
import { lengthCheck } from './checks/length-check.js';
import { markupCheck } from './checks/markup-check.js';
import { numbersCheck } from './checks/numbers-check.js';
import { placeholderParityCheck } from './checks/placeholder-parity-check.js';
import { pluralCategoriesCheck } from './checks/plural-categories-check.js';
import { spacesCheck } from './checks/spaces-check.js';

export type { CopyFinding, CopyCheck } from './copy-finding.js';

/** The checks of a non-empty message, in the order a reader meets them; an empty one gets only `empty`. */
const CHECKS: MessageCheck[] = [
  icuSyntaxCheck,
  pluralCategoriesCheck,
  placeholderParityCheck,
  argsParityCheck,
  lengthCheck,
  markupCheck,
  spacesCheck,
  numbersCheck,
];

export interface CopyDocument {
  kind: string;
  content: unknown;
}

export interface CopyFindingsInput {
  /** A whole state (text sets and the screens using their keys); other kinds are ignored. */
  documents: CopyDocument[];
  /** Only findings of these text sets (by locale); default every text set. */
  locales?: string[];
}

interface TextSet {
  locale: string;
  texts: Record<string, unknown>;
}

const textSetOf = (d: CopyDocument): TextSet | undefined => {
  const c = d.content as Partial<TextSet> | null;
  return d.kind === 'text-set' && c && typeof c.locale === 'string' && c.texts && typeof c.texts === 'object'
    ? { locale: c.locale, texts: c.texts }
    : undefined;
};

export function copyFindings(input: CopyFindingsInput): CopyFinding[] {
  const sets = input.documents.map(textSetOf).filter((s): s is TextSet => !!s);
  const keys = new Set(sets.flatMap((s) => Object.keys(s.texts)));
  const uses = copyUses(
    input.documents.filter((d) => d.kind !== 'text-set').map((d) => d.content),
    keys,
  );
  // Each value parsed once: the other locales' parses are the references of every check.
  const parsed = new Map<string, MessageInLocale>();
  const messageOf = (set: TextSet, key: string): MessageInLocale | undefined => {
    const value = set.texts[key];
    if (typeof value !== 'string') return undefined;
    const id = `${set.locale}\u0000${key}`;
    let m = parsed.get(id);
    if (!m) parsed.set(id, (m = { locale: set.locale, value, parsed: parseMessage(value) }));
    return m;
  };
  const findings: CopyFinding[] = [];
  for (const set of sets) {
    if (input.locales && !input.locales.includes(set.locale)) continue;
    for (const key of Object.keys(set.texts)) {
      const own = messageOf(set, key);
      if (!own) continue;
      const context = {
        ...own,
        key,
        others: sets
          .filter((s) => s !== set)
          .map((s) => messageOf(s, key))
          .filter((m): m is MessageInLocale => !!m),
        use: uses.get(key),
      };
      const empty = emptyCheck(context);
      findings.push(...(empty.length ? empty : CHECKS.flatMap((check) => check(context))));
    }
  }
  return findings;
}
