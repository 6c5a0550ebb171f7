import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenDocument } from '../../schemas/generated/types';
import { readCached } from './config-cache';

/** Whether the validators' module was loaded at all (its chunk downloaded, in the browser), and what it checked. */
const validators = { loaded: false, checked: [] as string[] };
vi.mock('../core/validation/validate-document', () => {
  validators.loaded = true;
  return {
    validateDocument: (_kind: string, doc: { id: string }) => (
      validators.checked.push(doc.id),
      doc.id === 'broken' ? ['bad'] : []
    ),
    validatePublishedScreen: (doc: { id: string }) => (
      validators.checked.push(doc.id),
      doc.id === 'broken' ? ['bad'] : []
    ),
    validateBundle: () => (validators.checked.push('bundle'), []),
  };
});

const { rememberBundle, rememberScreen } = await import('./config-client');

const screen = (id: string) =>
  ({ kind: 'screen', id, schemaVersion: 1, title: 't', body: [] }) as unknown as ScreenDocument;
const bundle = {
  market: { id: 'ID' },
  textSet: { texts: {} },
  routeMap: { routes: [] },
  apiMap: { endpoints: {}, commonParams: [] },
  bridgeMap: { messages: {} },
} as never;

afterEach(() => localStorage.clear());

describe('last good copy', () => {
  // Ordered: the first test must run before anything loads the validators.
  it('of a drawn page (the server drew it with this version, the app hydrated it): kept without loading the validators', async () => {
    await rememberScreen({ body: screen('pay'), etag: '"s1"', source: 'inline', drawn: true }, () => {});
    await rememberBundle('ID', { body: bundle, etag: '"b1"', source: 'network', drawn: true }, () => {});
    expect(readCached('screen:pay')).toEqual({ etag: '"s1"', body: screen('pay') });
    expect(readCached('bundle:ID')).toEqual({ etag: '"b1"', body: bundle });
    expect(validators.loaded).toBe(false);
  });

  it('of anything else: schema-checked first, and a document that fails is not kept', async () => {
    const logs: string[] = [];
    await rememberScreen({ body: screen('next'), etag: '"n1"', source: 'network' }, (m) => logs.push(m));
    await rememberScreen({ body: screen('broken'), etag: '"x1"', source: 'inline' }, (m) => logs.push(m));
    await rememberBundle('ID', { body: bundle, etag: '"b2"', source: 'network' }, () => {});
    expect(validators.loaded).toBe(true);
    expect(validators.checked).toEqual(['next', 'broken', 'bundle']);
    expect(readCached('screen:next')?.etag).toBe('"n1"');
    expect(readCached('screen:broken')).toBeNull();
    expect(readCached('bundle:ID')?.etag).toBe('"b2"');
    expect(logs).toHaveLength(1);
  });
});
