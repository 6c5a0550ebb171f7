/**
 * Browser-side re-validation with the precompiled (standalone, eval-free) validators. Loaded lazily
 * so the first screen does not wait for the validator code.
 */
export interface DocProblem {
  pointer: string;
  message: string;
}

export async function validateDocument(kind: string, doc: unknown): Promise<DocProblem[]> {
  const { kindValidators } = await import('../../schemas/generated/kind-validators.js');
  const validate = kindValidators[kind];
  if (!validate) return [{ pointer: '', message: `unknown document kind "${kind}"` }];
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((e) => ({ pointer: e.instancePath || '/', message: e.message ?? 'invalid' }));
}

/** Validates every document of a bundle; problems are prefixed with the document's kind. */
export async function validateBundle(bundle: Record<string, unknown>): Promise<DocProblem[]> {
  const kinds: Record<string, string> = { market: 'market', textSet: 'text-set', routeMap: 'route-map', apiMap: 'api-map', bridgeMap: 'bridge-map' };
  const out: DocProblem[] = [];
  for (const [field, kind] of Object.entries(kinds)) {
    for (const p of await validateDocument(kind, bundle[field])) out.push({ pointer: `${field}${p.pointer}`, message: p.message });
  }
  return out;
}
