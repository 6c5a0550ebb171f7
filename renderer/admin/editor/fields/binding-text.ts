/**
 * How a binding-capable value is typed in one text box and read back: `template` text with `{{ }}` parts,
 * a bare `expression`, `mixed` (a number, else a template), `json` (any value; text that is not JSON stays text).
 */
export type BindingMode = 'template' | 'expression' | 'mixed' | 'json';

const ONE_BINDING = /^\s*\{\{([^{}]+)\}\}\s*$/;
const BARE_PATH = /^\s*[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z0-9_$]+)*\s*$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The text shown for a stored value. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return value === null ? 'null' : '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The value stored for typed text (`undefined`: the property is removed). */
export function fromText(text: string, mode: BindingMode): unknown {
  if (text === '') return undefined;
  if (mode === 'mixed' && NUMBER.test(text.trim())) return Number(text.trim());
  if (mode === 'json') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'string') return parsed;
    } catch {
      // Not JSON: a plain string (a template, usually).
    }
  }
  return text;
}

/** The text after choosing `path` in the picker: it replaces a lone binding or path, else joins the text. */
export function insertBinding(text: string, path: string, mode: BindingMode): string {
  if (mode === 'expression') return !text.trim() || BARE_PATH.test(text) ? path : `${text} ${path}`;
  const binding = `{{ ${path} }}`;
  if (!text.trim() || ONE_BINDING.test(text) || NUMBER.test(text.trim())) return binding;
  return `${text} ${binding}`;
}

/** The expression whose preview value the field shows: the whole value, when it is one binding or an expression. */
export function previewedExpression(text: string, mode: BindingMode): string | undefined {
  if (mode === 'expression') return text.trim() || undefined;
  return ONE_BINDING.exec(text)?.[1]?.trim();
}
