import type { MessageCheck } from '../copy-finding.js';

/** An HTML-like tag: copy is shown as text, so `<b>` reaches the borrower as the characters "<b>". */
const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;

export const markupCheck: MessageCheck = ({ locale, key, value }) => {
  const tags = value.match(TAG);
  if (!tags) return [];
  return [
    {
      locale,
      key,
      check: 'markup',
      severity: 'error',
      message: `Markup in copy (${[...new Set(tags)].join(' ')}): it is shown as written, not as formatting`,
      fix: { label: 'Remove the tags', value: value.replace(TAG, '') },
    },
  ];
};
