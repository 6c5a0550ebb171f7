/**
 * A page without the parser (a borrower's first load): a published screen evaluates from the trees it carries; one
 * without them (kept from before they were published, a draft preview) waits for the parser's chunk, then evaluates
 * the same, never blank.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { evaluate } from '../core/expressions/evaluate';
import { hasParser, installParser } from '../core/expressions/known-trees';
import { treeOfSource } from '../core/expressions/to-tree';
import { treesReady } from './expression-trees';
import { loadScreen } from './config-client';
import { writeCached } from './config-cache';
import type { PublishedScreen } from './boot-types';

const doc = (when: string): PublishedScreen => ({
  kind: 'screen',
  id: 'trees-test',
  schemaVersion: 1,
  title: 'a.b',
  body: [{ type: 'text', when, value: 'x' }],
});

describe('expressions on a page without the parser', () => {
  let parser: ReturnType<typeof installParser>;
  beforeEach(() => void (parser = installParser(undefined)));
  afterEach(() => {
    installParser(parser);
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a published screen evaluates from its trees at once, without loading the parser', () => {
    const when = 'state.loans[0].status == "PAID" && !state.hidden';
    expect(treesReady({ ...doc(when), expressions: { [when]: treeOfSource(when) } })).toBeUndefined();
    expect(hasParser()).toBe(false);
    expect(evaluate(when, { state: { loans: [{ status: 'PAID' }], hidden: 0 } })).toEqual({
      value: true,
      warnings: [],
    });
  });

  it('a screen without trees waits for the parser, then evaluates the same', async () => {
    const when = 'len(state.items) > 1 ? "many" : "few"';
    expect(evaluate(when, { state: { items: [1, 2] } }).value).toBeUndefined();
    const loading = treesReady(doc(when));
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(hasParser()).toBe(true);
    expect(evaluate(when, { state: { items: [1, 2] } })).toEqual({ value: 'many', warnings: [] });
  });

  it('the last good copy of a screen from before trees were published is shown ready to evaluate', async () => {
    const when = 'query.orderNo.length == 4';
    writeCached('screen:trees-test', { etag: '"old"', body: doc(when) });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const loaded = await loadScreen('trees-test', () => {});
    expect(loaded?.source).toBe('cache');
    expect(evaluate(when, { query: { orderNo: 'A123' } })).toEqual({ value: true, warnings: [] });
  });
});
