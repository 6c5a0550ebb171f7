import type { KnownDocument } from './validation-types.js';
import { describe, expect, it } from 'vitest';
import { loadDocuments, validateDocuments } from './validate-documents.js';
import { checkMarketConstants } from './market-constant-rules.js';
import type { Reference } from './collect-references.js';

/** The default documents, with one screen changed. */
function withScreen(id: string, change: (screen: any) => void) {
  const { docs } = loadDocuments();
  return docs.map((d) => {
    const doc = d.doc as { kind?: string; id?: string };
    if (doc.kind !== 'screen' || doc.id !== id) return d;
    const copy = structuredClone(doc);
    change(copy);
    return { file: d.file, doc: copy };
  });
}

/** Finds the first node of a type in a screen tree. */
function findNode(node: any, type: string): any {
  if (!node || typeof node !== 'object') return undefined;
  if (node.type === type) return node;
  for (const v of Object.values(node)) {
    const hit = Array.isArray(v) ? v.map((c) => findNode(c, type)).find(Boolean) : findNode(v, type);
    if (hit) return hit;
  }
  return undefined;
}

describe('limit-bearing props', () => {
  it('rejects a literal maxLength 200 in a screen, naming the file, the pointer and the constant to bind', () => {
    const docs = withScreen('complain-page-next', (s) => (findNode(s, 'textarea').maxLength = 200));
    const errors = validateDocuments(docs).filter((e) => e.message.includes('literal'));
    expect(errors).toHaveLength(1);
    expect(errors[0].file).toBe('screens/pages/complaints/complain-page-next.json');
    expect(errors[0].pointer).toMatch(/^\/body\/0\/.*\/maxLength$/);
    expect(errors[0].message).toContain('"{{ market.limits.complaintTextMax }}"');
  });

  it('finds literals inside actions and field rules too', () => {
    const docs = withScreen('complain-details', (s) => {
      s.onLoad.find((a: any) => a.action === 'delay').ms = 3000;
    });
    const errors = validateDocuments(docs).filter((e) => e.message.includes('literal'));
    expect(errors.map((e) => e.pointer)).toEqual([expect.stringMatching(/^\/onLoad\/\d+\/ms$/)]);
    expect(errors[0].message).toContain('market.limits.ratingModalDelayMs');
  });

  it('accepts a binding, and rejects a binding to a market field that does not exist', () => {
    const docs = withScreen(
      'complain-page-next',
      (s) => (findNode(s, 'textarea').maxLength = '{{ market.limits.complaintTextMaxx }}'),
    );
    const errors = validateDocuments(docs);
    expect(errors).toHaveLength(2); // one per market document
    expect(errors[0].message).toMatch(
      /market\.limits\.complaintTextMaxx is read by screen "complain-page-next" but market (ID|IN)/,
    );
  });

  it('rejects a value that is neither a number nor a binding', () => {
    const docs = withScreen('complain-page-next', (s) => (findNode(s, 'textarea').maxLength = 'two hundred'));
    const errors = validateDocuments(docs);
    expect(errors.some((e) => e.pointer.endsWith('/maxLength'))).toBe(true);
  });
});

describe('market constants nobody reads', () => {
  const market = (id: string): KnownDocument => ({
    file: `screens/markets/${id}.json`,
    kind: 'market',
    id,
    valid: true,
    doc: { limits: { textMax: 200, statuses: { repay: [3, 5], more: [4] }, unused: 7 } },
  });
  const screenRefs = (...paths: string[]): Map<string, Reference[]> =>
    new Map([['screens/pages/s.json', paths.map((value) => ({ kind: 'market' as const, value, pointer: '/body/0' }))]]);
  const screen: KnownDocument = { file: 'screens/pages/s.json', kind: 'screen', id: 's', valid: true, doc: {} };

  it('names each unread constant in each market with its pointer', () => {
    const errors = checkMarketConstants([market('ID'), screen], screenRefs('limits.textMax', 'limits.statuses'), {
      codeReads: [],
      sections: ['limits'],
    });
    expect(errors).toEqual([expect.objectContaining({ file: 'screens/markets/ID.json', pointer: '/limits/unused' })]);
    expect(errors[0].message).toContain('editing it changes nothing');
  });

  it('counts reads of a leaf inside a table and reads declared by code', () => {
    const errors = checkMarketConstants([market('ID'), screen], screenRefs('limits.textMax', 'limits.statuses.repay'), {
      codeReads: ['limits.unused'],
      sections: ['limits'],
    });
    expect(errors.map((e) => e.pointer)).toEqual(['/limits/statuses/more']);
  });

  it('refuses a telemetry constant that code does not read, and takes the sampling rate the renderer reads', () => {
    const withTelemetry: KnownDocument = {
      ...market('ID'),
      doc: { telemetry: { sampleRate: 0.1, inpSampleRate: 0.5 } },
    };
    const errors = checkMarketConstants([withTelemetry, screen], screenRefs());
    expect(errors).toEqual([
      expect.objectContaining({ file: 'screens/markets/ID.json', pointer: '/telemetry/inpSampleRate' }),
    ]);
    expect(errors[0].message).toContain('market constant telemetry.inpSampleRate is read by no document and no code');
  });
});
