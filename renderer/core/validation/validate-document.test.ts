import { describe, expect, it } from 'vitest';
import { parseJson, validateBundle, validateDocument, validatePublishedScreen } from './validate-document';

const screen = { kind: 'screen', id: 'home', schemaVersion: 1, title: 'title.home', body: [] };

describe('validateDocument', () => {
  it('passes a valid document and points at what is wrong in an invalid one, as the server words it', () => {
    expect(validateDocument('screen', screen)).toEqual([]);
    expect(validateDocument('screen', { ...screen, colour: 'red' })).toEqual([
      { pointer: '/colour', message: 'unknown property "colour": remove it or fix its spelling' },
    ]);
    const { title: _title, ...untitled } = screen;
    expect(validateDocument('screen', untitled)).toContainEqual({
      pointer: '',
      message: 'missing required property "title": add it',
    });
  });

  it('names the kinds it knows when asked for another', () => {
    expect(validateDocument('poem', {})).toEqual([
      { pointer: '', message: expect.stringMatching(/^unknown document kind 'poem': use one of .*screen/) },
    ]);
  });
});

describe('validateBundle', () => {
  it('points into the bundle, at the document that is wrong', () => {
    const problems = validateBundle({ market: {}, textSet: {}, routeMap: {}, apiMap: {}, bridgeMap: {} });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => /^\/(market|textSet|routeMap|apiMap|bridgeMap)(\/|$)/.test(p.pointer))).toBe(true);
  });
});

describe('validatePublishedScreen', () => {
  it('checks the document and its parsed expressions each by its own schema', () => {
    const expressions = { 'state.a == 1': { b: '==', l: { p: ['state', 'a'] }, r: 1 } };
    expect(validatePublishedScreen({ ...screen, expressions })).toEqual([]);
    expect(validatePublishedScreen(screen)).toEqual([]);
    const problems = validatePublishedScreen({ ...screen, expressions: { 'a.b': { p: [] }, ok: { s: 'x' } } });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.pointer.startsWith('/expressions'))).toBe(true);
    expect(validatePublishedScreen({ ...screen, colour: 'red', expressions })).toEqual([
      { pointer: '/colour', message: 'unknown property "colour": remove it or fix its spelling' },
    ]);
  });
});

describe('parseJson', () => {
  it('reads JSON, and turns a syntax error into one problem at the root', () => {
    expect(parseJson('{"a":1}')).toEqual({ doc: { a: 1 }, problems: [] });
    expect(parseJson('{"a":')).toEqual({
      problems: [{ pointer: '', message: expect.stringMatching(/^not valid JSON: /) }],
    });
  });
});
