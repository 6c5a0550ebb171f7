import type { MessageCheck } from '../copy-finding.js';

/** An empty (or blank) value shows nothing where a borrower expects words. */
export const emptyCheck: MessageCheck = ({ locale, key, value }) =>
  value.trim() === ''
    ? [{ locale, key, check: 'empty', severity: 'error', message: 'Empty value: the borrower would see nothing here' }]
    : [];
