/**
 * The compact, JSON-only form of an ICU MessageFormat message, made on the server at publish/snapshot time
 * (`config-server/validation/copy/parse-message.ts`) and shipped in the bundle's `messages` beside the text set
 * (`config-server/published/text-messages.ts`), so the browser formats it without a parser and without running code
 * (`format-message.ts`). Short keys keep the bundle small.
 *
 * A message is a list of parts:
 * - a string: literal text;
 * - `{ a }`: a plain `{name}` argument;
 * - `{ n, s? }`: `{name, number}` — `s` is 'integer' | 'percent' or Intl.NumberFormatOptions from a `::` skeleton;
 * - `{ d, s?, t? }`: `{name, date}` (or `time` when `t`) — `s` is 'short' | 'medium' | 'long' | 'full' or options;
 * - `{ p, o?, r?, c }`: `{name, plural|selectordinal, ...}` — `o` offset, `r` true for ordinal, `c` cases;
 * - `{ e, c }`: `{name, select, ...}`;
 * - `{ h: 1 }`: `#` inside a plural (the count, less the offset, formatted as a number).
 */
export type MessagePart =
  | string
  | { a: string }
  | { n: string; s?: string | Record<string, unknown> }
  | { d: string; s?: string | Record<string, unknown>; t?: 1 }
  | { p: string; o?: number; r?: 1; c: Record<string, MessageAst> }
  | { e: string; c: Record<string, MessageAst> }
  | { h: 1 };

export type MessageAst = MessagePart[];
