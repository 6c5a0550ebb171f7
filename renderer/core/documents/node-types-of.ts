/**
 * Every `type` named anywhere in a document. Over-counting (an action's `type` field) only loads
 * a little more code. No React here: the config server uses it to preload a screen's widget chunks.
 */
export function nodeTypesOf(doc: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(doc)) for (const v of doc) nodeTypesOf(v, out);
  else if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      if (k === 'type' && typeof v === 'string') out.add(v);
      else if (v && typeof v === 'object') nodeTypesOf(v, out);
    }
  }
  return out;
}
