/**
 * Maps a JSON pointer (a problem's `pointer`) to the character range of that
 * value in the editor's text, so a schema error is drawn at its line. Uses the JSON grammar
 * CodeMirror already ships (lezer), so it works on text with comments-free JSON as typed, even
 * when parts after the error are still broken.
 */
import { jsonLanguage } from '@codemirror/lang-json';

type SyntaxNode = ReturnType<typeof jsonLanguage.parser.parse>['topNode'];

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

/**
 * `/a~1b/0` → `['a/b', '0']`. Percent escapes are read only in the URI fragment form (`#/a%20b`): in a plain pointer a
 * `%` is part of the key (a market's free-form codes, a screen's state), and decoding it threw, breaking the editor.
 */
export function pointerSegments(pointer: string): string[] {
  if (!pointer || pointer === '/') return pointer === '/' ? [''] : [];
  const fragment = pointer.startsWith('#');
  const unescape = (s: string) => {
    try {
      return fragment ? decodeURIComponent(s) : s;
    } catch {
      return s;
    }
  };
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => unescape(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function propertyName(text: string, node: SyntaxNode): string | undefined {
  const nameNode = children(node).find((c) => c.name === 'PropertyName');
  if (!nameNode) return undefined;
  try {
    return JSON.parse(text.slice(nameNode.from, nameNode.to)) as string;
  } catch {
    return undefined;
  }
}

/**
 * Range of the value at `pointer`; when the path stops early (a missing property, a broken
 * document), the range of the deepest value that exists, so the error still lands near its cause.
 */
export function pointerRange(text: string, pointer: string): { from: number; to: number } {
  const top = jsonLanguage.parser.parse(text).topNode;
  let node = children(top).find((c) => VALUES.has(c.name));
  if (!node) return { from: 0, to: Math.min(text.length, 1) };
  for (const seg of pointerSegments(pointer)) {
    let next: SyntaxNode | undefined;
    if (node.name === 'Object') {
      const prop: SyntaxNode | undefined = children(node).find(
        (c) => c.name === 'Property' && propertyName(text, c) === seg,
      );
      next = prop ? children(prop).find((c) => VALUES.has(c.name)) : undefined;
    } else if (node.name === 'Array' && /^\d+$/.test(seg)) {
      next = children(node).filter((c) => VALUES.has(c.name))[Number(seg)];
    }
    if (!next) break;
    node = next;
  }
  // Containers span many lines: point at their first line (the opening brace) rather than the whole block.
  if (node.name === 'Object' || node.name === 'Array') {
    const lineEnd = text.indexOf('\n', node.from);
    return { from: node.from, to: lineEnd > node.from && lineEnd < node.to ? lineEnd : node.to };
  }
  return { from: node.from, to: node.to };
}

/** 1-based line number of a character offset (for error lists next to the editor). */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
