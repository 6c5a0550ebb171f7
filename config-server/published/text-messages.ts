/**
 * The pre-parsed ICU messages a bundle ships beside its text set: every text that is more than plain text
 * and `{name}` placeholders, parsed here at publish so the browser formats without a parser. Plain copy is not
 * repeated: the app interpolates it from the text set as before. A text that does not parse ships as written (the
 * publish checks refuse it; a draft preview shows it raw rather than failing the page).
 */
import { isPlainMessage, parseMessage, type MessageAst } from '../validation/copy/parse-message.js';

export function textMessages(texts: unknown): Record<string, MessageAst> {
  const out: Record<string, MessageAst> = {};
  if (!texts || typeof texts !== 'object') return out;
  for (const [key, source] of Object.entries(texts as Record<string, unknown>)) {
    // Cheap skip: without a brace or an ICU quote, a text is plain whatever the parser says.
    if (typeof source !== 'string' || !/[{}']/.test(source)) continue;
    const parsed = parseMessage(source);
    if (!parsed.ok) continue;
    const plain = isPlainMessage(parsed.ast);
    // A plain message whose text changed in parsing ('' → ') must ship parsed, or the app would show the quotes.
    const same = parsed.ast.map((p) => (typeof p === 'string' ? p : `{${(p as { a: string }).a}}`)).join('') === source;
    if (!plain || !same) out[key] = parsed.ast;
  }
  return out;
}
