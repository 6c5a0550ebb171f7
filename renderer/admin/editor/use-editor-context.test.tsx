import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DocRecord } from '../admin-types';
import { fakeAdminServer } from '../testing/fake-admin-server';
import { useEditorContext, type EditorData } from './use-editor-context';

const textSet = (id: string, texts: Record<string, string>, etag: string): DocRecord =>
  ({
    kind: 'text-set',
    id,
    file: `screens/texts/${id}.json`,
    etag,
    published: { version: 1, content: { kind: 'text-set', id, schemaVersion: 1, texts } },
    draft: null,
  }) as unknown as DocRecord;

describe('useEditorContext: a new key from the property form', () => {
  it('saves it into every locale draft over its ETag, shows it at once and returns its copy findings', async () => {
    const { calls } = fakeAdminServer({
      'GET /documents/text-set/id-ID': () => ({
        body: textSet('id-ID', { 'a.b': 'A' }, '"id1"'),
        headers: { ETag: '"id1"' },
      }),
      'GET /documents/text-set/en-IN': () => ({
        body: textSet('en-IN', { 'a.b': 'A' }, '"en1"'),
        headers: { ETag: '"en1"' },
      }),
      'PUT /documents/text-set/id-ID/draft': () => ({
        body: textSet('id-ID', {}, '"id2"'),
        headers: { ETag: '"id2"' },
      }),
      'PUT /documents/text-set/en-IN/draft': () => ({
        status: 412,
        body: { error: { status: 412, message: 'changed by pat' } },
      }),
      'GET /copy/findings': () => ({
        body: {
          findings: [
            { locale: 'id-ID', key: 'promo.banner', check: 'spaces', severity: 'warning', message: 'double space' },
            { locale: 'id-ID', key: 'other.key', check: 'empty', severity: 'error', message: 'empty' },
          ],
        },
      }),
    });
    const onTextsSaved = vi.fn();
    const data: EditorData = {
      texts: { 'id-ID': { 'a.b': 'A' }, 'en-IN': { 'a.b': 'A' } },
      consoleLocale: 'id-ID',
      records: [],
      docs: [],
      market: 'ID',
      onTextsSaved,
    };
    const { result } = renderHook(() => useEditorContext(data, 'ID', {}));
    let lines: string[] = [];
    await act(async () => {
      lines = await result.current.createKey('promo.banner', { 'id-ID': 'Promo  baru', 'en-IN': 'New promo' });
    });
    const put = calls.find((c) => c.method === 'PUT' && c.path.includes('id-ID'))!;
    expect(put.headers['If-Match']).toBe('"id1"');
    expect((put.body as { texts: Record<string, string> }).texts).toEqual({
      'a.b': 'A',
      'promo.banner': 'Promo  baru',
    });
    expect(calls.find((c) => c.method === 'PUT' && c.path.includes('en-IN'))!.headers['If-Match']).toBe('"en1"');
    expect(lines).toEqual([
      expect.stringMatching(/^Error: en-IN not saved: /),
      expect.stringMatching(/^Warning: .*double space/),
    ]);
    expect(result.current.texts['id-ID']['promo.banner']).toBe('Promo  baru');
    expect(result.current.texts['en-IN']['promo.banner']).toBeUndefined();
    expect(onTextsSaved).toHaveBeenCalled();
  });
});
