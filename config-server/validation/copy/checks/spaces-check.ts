import type { MessageCheck } from '../copy-finding.js';
import { literalsOf } from '../message-text.js';

/** Leading, trailing or doubled spaces: invisible in the table, visible as a gap or misalignment on the screen. */
export const spacesCheck: MessageCheck = ({ locale, key, value, parsed }) => {
  const problems: string[] = [];
  if (/^\s/.test(value)) problems.push('leading');
  if (/\s$/.test(value)) problems.push('trailing');
  // Only the text a borrower reads: spacing inside ICU syntax (`{n, plural,  one {…}}`) is not shown.
  const text = parsed.ok ? literalsOf(parsed.ast) : [value];
  if (text.some((t) => / {2,}/.test(t))) problems.push('double');
  if (!problems.length) return [];
  return [
    {
      locale,
      key,
      check: 'spaces',
      severity: 'warning',
      message: `Spaces: ${problems.join(', ')} space${problems.length > 1 ? 's' : ''}`,
      fix: { label: 'Trim and collapse spaces', value: value.trim().replace(/ {2,}/g, ' ') },
    },
  ];
};
