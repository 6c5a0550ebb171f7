/**
 * One text key to the text a borrower reads, for the runtime (`t()`, widgets' labels), first-call planning and the
 * server's draw alike. A plain or `{name}` value is interpolated as before; a value the bundle ships pre-parsed
 * (`bundle.messages`, made at publish from ICU source) is formatted by `formatMessage`.
 *
 * The parsed messages ride beside the text set's `texts` object (a WeakMap keyed by it) rather than in it: the text
 * set stays the schema-valid document the app checks and keeps as its last good copy, and every place that already
 * passes `texts` around (screen input, runtime services) carries the messages with it unchanged.
 */
import { interpolate } from '../expressions/interpolate';
import { formatMessage } from './format-message';
import type { MessageAst } from './message-ast';

interface Compiled {
  locale: string;
  messages: Readonly<Record<string, MessageAst>>;
}

const compiled = new WeakMap<object, Compiled>();

/** What a bundle carries for copy: its text set and the pre-parsed ICU messages. */
export interface BundleCopy {
  textSet: { locale?: string; texts: Record<string, string> };
  messages?: Record<string, MessageAst>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The bundle's texts, with its parsed messages attached: pass this on as a screen's `texts`. */
export function bundleTexts(bundle: BundleCopy): Record<string, string> {
  const texts = bundle.textSet.texts;
  // A malformed bundle is passed through untouched: drawing it fails (and is logged) where it did before.
  if (isRecord(texts) && !compiled.has(texts)) {
    const messages = isRecord(bundle.messages) ? (bundle.messages as Record<string, MessageAst>) : {};
    compiled.set(texts, { locale: bundle.textSet.locale ?? 'en', messages });
  }
  return texts;
}

/** The text for `key`, or undefined when the text set has no such key. */
export function copyText(
  texts: Readonly<Record<string, unknown>>,
  key: string,
  args?: Record<string, unknown>,
  market?: Record<string, unknown>,
): string | undefined {
  const copy = Object.hasOwn(texts, key) ? texts[key] : undefined;
  if (typeof copy !== 'string') return undefined;
  const c = compiled.get(texts);
  const ast = c && Object.hasOwn(c.messages, key) ? c.messages[key] : undefined;
  return Array.isArray(ast) ? formatMessage(ast, args, { locale: c!.locale, market }) : interpolate(copy, args);
}
