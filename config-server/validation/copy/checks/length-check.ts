import type { MessageCheck } from '../copy-finding.js';
import { longestLength } from '../message-text.js';

/** Longer than the smallest slot the key fills (`x-copyMaxChars` in the node schema): it wraps or overflows at 320 px. */
export const lengthCheck: MessageCheck = ({ locale, key, value, parsed, use }) => {
  if (use?.maxChars === undefined) return [];
  const length = parsed.ok ? longestLength(parsed.ast) : [...value].length;
  if (length <= use.maxChars) return [];
  return [
    {
      locale,
      key,
      check: 'length',
      severity: 'warning',
      message: `${length} characters${parsed.ok && !/^[^{]*$/.test(value) ? ' (longest case, without argument values)' : ''}: the slot it fills allows ${use.maxChars}`,
    },
  ];
};
