import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CopyFinding, MessageCheck } from '../copy-finding.js';
import type { MessageAst } from '../parse-message.js';

/** The categories the locale's plural rules choose from (id: other; en: one, other), from the runtime's CLDR data. */
export function pluralCategories(locale: string, ordinal = false): string[] {
  return new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
}

interface PluralGap {
  name: string;
  ordinal: boolean;
  missing: string[];
}

/** Each plural of the message whose cases miss a category of the locale (`=1` is an exact case, not `one`). */
function gapsOf(ast: MessageAst, locale: string): PluralGap[] {
  const gaps: PluralGap[] = [];
  const walk = (parts: MessageAst) => {
    for (const p of parts) {
      if (typeof p === 'string' || !('c' in p)) continue;
      if ('p' in p) {
        const ordinal = p.r === 1;
        const missing = pluralCategories(locale, ordinal).filter((c) => !(c in p.c));
        if (missing.length) gaps.push({ name: p.p, ordinal, missing });
      }
      Object.values(p.c).forEach(walk);
    }
  };
  walk(ast);
  return gaps;
}

/** The first plural (innermost first) missing a category: where to insert what, in source offsets. */
function firstGap(value: string, locale: string): { at: number; text: string } | undefined {
  const walk = (els: MessageFormatElement[]): { at: number; text: string } | undefined => {
    for (const el of els) {
      if (el.type !== TYPE.plural && el.type !== TYPE.select) continue;
      for (const o of Object.values(el.options)) {
        const inner = walk(o.value);
        if (inner) return inner;
      }
      if (el.type !== TYPE.plural) continue;
      const other = el.options.other;
      const missing = pluralCategories(locale, el.pluralType === 'ordinal').filter((c) => !(c in el.options));
      if (other?.location && missing.length) {
        const src = value.slice(other.location.start.offset, other.location.end.offset);
        return {
          at: value.lastIndexOf('other', other.location.start.offset),
          text: missing.map((c) => `${c} ${src} `).join(''),
        };
      }
    }
    return undefined;
  };
  return walk(parse(value, { ignoreTag: true, requiresOtherClause: true, captureLocation: true }));
}

/**
 * The message with every missing category added as a copy of its plural's `other` case, written just before `other`
 * (the rest of the source untouched). Innermost plurals first, so an outer copy carries the inner fix. Needs source
 * positions, which only formatjs's own parse gives.
 */
export function withMissingCategories(value: string, locale: string): string {
  let out = value;
  // Each round closes one plural's gap; a message has far fewer plurals than this bound.
  for (let round = 0; round < 50; round++) {
    const gap = firstGap(out, locale);
    if (!gap) break;
    out = out.slice(0, gap.at) + gap.text + out.slice(gap.at);
  }
  return out;
}

/** A plural without a category its locale uses falls back to `other`: "1 days" in English. */
export const pluralCategoriesCheck: MessageCheck = ({ locale, key, value, parsed }) => {
  if (!parsed.ok) return [];
  const gaps = gapsOf(parsed.ast, locale);
  if (!gaps.length) return [];
  const fix = { label: 'Add the missing cases (copied from other)', value: withMissingCategories(value, locale) };
  return gaps.map((g): CopyFinding => ({
    locale,
    key,
    check: 'plural-categories',
    severity: 'error',
    message: `Plural {${g.name}} lacks ${g.missing.map((c) => `"${c}"`).join(', ')}: ${locale} ${g.ordinal ? 'ordinals use' : 'uses'} ${pluralCategories(locale, g.ordinal).join(', ')}`,
    fix,
  }));
};
