import type { MessageCheck, MessageInLocale } from '../copy-finding.js';
import { literalsOf } from '../message-text.js';

/**
 * The numbers written in the text, separators dropped so "1.000" (id) and "1,000" (en) are the same figure; sorted,
 * since word order differs between languages.
 */
function numbersOf(m: MessageInLocale): string[] {
  const text = m.parsed.ok ? literalsOf(m.parsed.ast).join(' ') : m.value;
  return [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((n) => n[0].replace(/[.,]/g, '')).sort();
}

/** "200 karakter" against "250 characters": one of the two tells the borrower the wrong figure. */
export const numbersCheck: MessageCheck = (m) => {
  const own = numbersOf(m);
  const out = [];
  for (const other of m.others) {
    const theirs = numbersOf(other);
    if (own.join(' ') === theirs.join(' ')) continue;
    out.push({
      locale: m.locale,
      key: m.key,
      check: 'numbers' as const,
      severity: 'warning' as const,
      message: `Numbers differ from ${other.locale}: ${own.join(', ') || 'none'} here, ${theirs.join(', ') || 'none'} there`,
    });
  }
  return out;
};
