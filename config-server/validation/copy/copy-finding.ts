/**
 * The shapes every copy QA check shares. A check looks at one message (a key in
 * one locale) with what it is compared against: the same key in the other locales and how the screens use the key.
 */
import type { ParseResult } from './parse-message.js';

export type CopyCheck =
  | 'icu-syntax'
  | 'plural-categories'
  | 'placeholder-parity'
  | 'args-parity'
  | 'length'
  | 'markup'
  | 'spaces'
  | 'numbers'
  | 'empty';

export interface CopyFinding {
  locale: string;
  key: string;
  check: CopyCheck;
  /** An error blocks a publish; a warning needs a confirmation with a reason. */
  severity: 'error' | 'warning';
  message: string;
  /** `value`: the whole corrected copy for this key and locale. */
  fix?: { label: string; value: string };
}

/** How the screens use a key. */
export interface KeyUse {
  /**
   * The argument names each use passes (one list per use); undefined when some use cannot be read (a `t('key')` call
   * in an expression, a position no node schema declares), so what is passed is unknown.
   */
  args?: string[][];
  /** The smallest `x-copyMaxChars` of the slots the key fills. */
  maxChars?: number;
}

export interface MessageInLocale {
  locale: string;
  value: string;
  parsed: ParseResult;
}

export interface MessageContext extends MessageInLocale {
  key: string;
  /** The same key in the other text sets (absent there: not listed; the cross-document rules report a missing key). */
  others: MessageInLocale[];
  use?: KeyUse;
}

export type MessageCheck = (m: MessageContext) => CopyFinding[];
