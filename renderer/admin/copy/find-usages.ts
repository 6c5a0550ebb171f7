/**
 * Where a text key is used: screens name keys as plain string values (`"label": "complaint.title"`)
 * or inside bindings (`t('complaint.title')`). Any string value equal to the key, or a binding that
 * quotes it, is a use; the result names the screen and the node's JSON pointer.
 */
export interface Usage {
  /** Document kind and id (usually a screen). */
  kind: string;
  id: string;
  /** JSON pointer (RFC 6901) of the string value naming the key. */
  pointer: string;
}

export interface UsageSource {
  kind: string;
  id: string;
  content: unknown;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every string value of a document with its pointer (depth-limited: garbage never hangs the console). */
export function* stringsOf(value: unknown, pointer = '', depth = 0): Generator<[string, string]> {
  if (depth > 64) return;
  if (typeof value === 'string') yield [pointer, value];
  else if (Array.isArray(value))
    for (let i = 0; i < value.length; i++) yield* stringsOf(value[i], `${pointer}/${i}`, depth + 1);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* stringsOf(v, `${pointer}/${escape(k)}`, depth + 1);
}

const QUOTED = /['"]([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"]/g;

/** The text keys one string names: itself when it is a known key, plus keys quoted inside a binding. */
function keysIn(s: string, known: Set<string>): string[] {
  const found: string[] = [];
  if (known.has(s)) found.push(s);
  if (s.includes('{{')) for (const m of s.matchAll(QUOTED)) if (known.has(m[1]!)) found.push(m[1]!);
  return found;
}

/** key → its usages across the documents, for every key in `known`. */
export function buildUsageIndex(docs: UsageSource[], known: Iterable<string>): Map<string, Usage[]> {
  const keys = new Set(known);
  const index = new Map<string, Usage[]>();
  for (const d of docs) {
    for (const [pointer, s] of stringsOf(d.content)) {
      for (const key of keysIn(s, keys)) {
        const list = index.get(key) ?? [];
        list.push({ kind: d.kind, id: d.id, pointer });
        index.set(key, list);
      }
    }
  }
  return index;
}
