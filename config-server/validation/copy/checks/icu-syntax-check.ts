import type { MessageCheck } from '../copy-finding.js';

/** A message the ICU parser refuses cannot be formatted: the borrower would see raw braces. */
export const icuSyntaxCheck: MessageCheck = ({ locale, key, value, parsed }) =>
  parsed.ok
    ? []
    : [
        {
          locale,
          key,
          check: 'icu-syntax',
          severity: 'error',
          message: `ICU syntax: ${parsed.message} at character ${parsed.offset + 1} (near "${value.slice(Math.max(0, parsed.offset - 8), parsed.offset + 8)}")`,
        },
      ];
