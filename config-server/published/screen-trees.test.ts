import { describe, expect, it } from 'vitest';
import { createAjv, readSchemaFiles } from '../validation/load-schemas.js';
import { collectReferences } from '../validation/collect-references.js';
import { bindingsOf } from '../validation/template-strings.js';
import { loadDocuments } from '../validation/validate-documents.js';
import { validateExpressionTrees } from '../../schemas/generated/validators.js';
import { treeOfSource } from '../../renderer/core/index.js';
import { screenEntry } from './entries.js';
import { screenTrees } from './screen-trees.js';

const screens = loadDocuments().docs.filter((d) => (d.doc as { kind?: string }).kind === 'screen');
const SCREEN = 'https://schemas.cashloan.dev/sdui/documents/screen.json';

describe('the expressions a published screen carries', () => {
  const matcher = createAjv(readSchemaFiles(), { strict: false });

  it.each(screens.map((d) => [d.file, d.doc] as const))(
    '%s: every expression, parsed, as its schema says',
    (_, doc) => {
      const trees = screenTrees(doc);
      expect(validateExpressionTrees(trees), JSON.stringify(validateExpressionTrees.errors)).toBe(true);
      // What the renderer evaluates, found by the schema walk the publish checks use: each bare expression, and each
      // `{{ }}` of the templates and of any other string.
      const sources = collectReferences(matcher, SCREEN, doc)
        .filter((r) => r.kind === 'expression' && typeof r.value === 'string')
        .flatMap((r) => (r.template ? bindingsOf(r.value as string).map((b) => b.expr) : [r.value as string]));
      for (const s of sources) expect(trees, s).toHaveProperty([s.trim()], treeOfSource(s.trim()));
      expect(Object.values(trees).filter((t) => t && typeof t === 'object' && 'z' in t)).toEqual([]);
    },
  );

  it('are served beside the document, which stays as stored, and name the body by its ETag', () => {
    const doc = {
      kind: 'screen',
      id: 's',
      schemaVersion: 1,
      title: 'a.b',
      body: [{ type: 'text', when: 'state.a', value: 'x {{ amount(state.b) }}' }],
    };
    const entry = screenEntry(doc);
    const body = JSON.parse(entry.body.toString());
    expect(body).toEqual({
      ...doc,
      expressions: {
        'state.a': { p: ['state', 'a'] },
        'amount(state.b)': { f: 'amount', x: [{ p: ['state', 'b'] }] },
      },
    });
    expect(JSON.parse(entry.inline).expressions).toEqual(body.expressions);
    // A changed expression is a changed body: a page that kept the old one revalidates to the new trees.
    const changed = screenEntry({ ...doc, body: [{ type: 'text', when: 'state.b', value: 'x' }] });
    expect(changed.etag).not.toBe(entry.etag);
  });

  it('ship an expression that does not parse as its message, and a key named __proto__ as a key', () => {
    const trees = screenTrees({ body: [{ when: '1 +* 2' }, { value: '{{ __proto__ }}' }] });
    expect(trees['1 +* 2']).toEqual({ z: 'Expected expression after + at character 3' });
    expect(Object.getPrototypeOf(trees)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(trees))).toHaveProperty(['__proto__'], { p: ['__proto__'] });
  });
});
