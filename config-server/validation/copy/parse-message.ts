/**
 * The one ICU MessageFormat 1 parse on the server (validation, publish, snapshot): formatjs's parser, the ecosystem's
 * ICU implementation that ops and translators already write for (MF2 is not what they write yet). Its AST is turned
 * into the compact JSON form the bundle ships (`renderer/core/copy/message-ast.ts`), so the browser never parses.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageAst, MessagePart } from '../../../renderer/core/index.js';
export { type MessageAst, type MessagePart } from '../../../renderer/core/index.js';

export type ParseResult = { ok: true; ast: MessageAst } | { ok: false; message: string; offset: number };

export interface MessageArgument {
  name: string;
  type: 'simple' | 'number' | 'date' | 'plural' | 'select';
  /** Plural categories (and `=n` exact cases) or select cases the message writes. */
  categories?: string[];
}

/** Parses ICU source; a syntax error comes back with the parser's reason and the character offset it stopped at. */
export function parseMessage(text: string): ParseResult {
  try {
    // ignoreTag: `<b>` stays text (React shows it as written); the markup check reports it rather than a parse error.
    const elements = parse(text, { ignoreTag: true, requiresOtherClause: true, shouldParseSkeletons: true });
    return { ok: true, ast: compact(elements) };
  } catch (e) {
    const err = e as Error & { location?: { start?: { offset?: number } }; originalMessage?: string };
    const kind = err.message.toLowerCase().replace(/_/g, ' ');
    return { ok: false, message: kind, offset: err.location?.start?.offset ?? 0 };
  }
}

function compact(elements: MessageFormatElement[]): MessageAst {
  const out: MessageAst = [];
  for (const el of elements) {
    const part = compactOne(el);
    // Adjacent literals (the parser splits around an escaped quote) merge into one string.
    if (typeof part === 'string' && typeof out[out.length - 1] === 'string') out[out.length - 1] += part;
    else out.push(part);
  }
  return out;
}

const cases = (options: Record<string, { value: MessageFormatElement[] }>) =>
  Object.fromEntries(Object.entries(options).map(([k, o]) => [k, compact(o.value)]));

/** A style string as written, or a skeleton's Intl options (plain JSON). */
function styleOf(style: unknown): string | Record<string, unknown> | undefined {
  if (typeof style === 'string') return style.trim() || undefined;
  if (style && typeof style === 'object' && 'parsedOptions' in style) {
    return { ...(style as { parsedOptions: Record<string, unknown> }).parsedOptions };
  }
  return undefined;
}

function compactOne(el: MessageFormatElement): MessagePart {
  switch (el.type) {
    case TYPE.literal:
      return el.value;
    case TYPE.argument:
      return { a: el.value };
    case TYPE.number: {
      const s = styleOf(el.style);
      return s === undefined ? { n: el.value } : { n: el.value, s };
    }
    case TYPE.date:
    case TYPE.time: {
      const s = styleOf(el.style);
      const part: MessagePart = { d: el.value, ...(s === undefined ? {} : { s }) };
      return el.type === TYPE.time ? { ...part, t: 1 } : part;
    }
    case TYPE.plural:
      return {
        p: el.value,
        ...(el.offset ? { o: el.offset } : {}),
        ...(el.pluralType === 'ordinal' ? { r: 1 as const } : {}),
        c: cases(el.options),
      };
    case TYPE.select:
      return { e: el.value, c: cases(el.options) };
    case TYPE.pound:
      return { h: 1 };
    case TYPE.tag:
      // Never produced with ignoreTag (tags stay literal text); kept for the exhaustive switch.
      return { a: el.value };
  }
}

/** Every argument a message reads, once per name (the first, outermost use names its type). */
export function argumentsOf(ast: MessageAst): MessageArgument[] {
  const seen = new Map<string, MessageArgument>();
  const add = (arg: MessageArgument) => {
    const had = seen.get(arg.name);
    if (!had) seen.set(arg.name, arg);
    else if (had.type === 'simple' && arg.type !== 'simple') seen.set(arg.name, { ...arg });
  };
  const walk = (parts: MessageAst) => {
    for (const part of parts) {
      if (typeof part === 'string' || 'h' in part) continue;
      if ('a' in part) add({ name: part.a, type: 'simple' });
      else if ('n' in part) add({ name: part.n, type: 'number' });
      else if ('d' in part) add({ name: part.d, type: 'date' });
      else if ('p' in part) {
        add({ name: part.p, type: 'plural', categories: Object.keys(part.c) });
        Object.values(part.c).forEach(walk);
      } else {
        add({ name: part.e, type: 'select', categories: Object.keys(part.c) });
        Object.values(part.c).forEach(walk);
      }
    }
  };
  walk(ast);
  return [...seen.values()];
}

/** True when a message is plain text with at most `{name}` arguments: it ships as the source string, unparsed. */
export function isPlainMessage(ast: MessageAst): boolean {
  return ast.every((p) => typeof p === 'string' || 'a' in p);
}
