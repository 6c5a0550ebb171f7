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

/**
 * The message with every missing category added as a copy of its plural's `other` case, written just before `other`
 * (the rest of the source untouched). Needs source positions, which only formatjs's own parse gives.
 */
export function withMissingCategories(value: string, locale: string): string {
  const inserts: { at: number; text: string }[] = [];
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type !== TYPE.plural && el.type !== TYPE.select) continue;
      if (el.type === TYPE.plural) {
        const other = el.options.other;
        const missing = pluralCategories(locale, el.pluralType === 'ordinal').filter((c) => !(c in el.options));
        if (other?.location && missing.length) {
          const src = value.slice(other.location.start.offset, other.location.end.offset);
          const at = value.lastIndexOf('other', other.location.start.offset);
          inserts.push({ at, text: missing.map((c) => `${c} ${src} `).join('') });
        }
      }
      Object.values(el.options).forEach((o) => walk(o.value));
    }
  };
  walk(parse(value, { ignoreTag: true, requiresOtherClause: true, captureLocation: true }));
  let out = value;
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
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
