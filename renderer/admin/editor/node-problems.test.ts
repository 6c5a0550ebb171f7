import { describe, expect, it } from 'vitest';
import entry from '../../../screens/pages/complaints/complaint-entry.json';
import {
  draftProblems,
  nodeOfPointer,
  problemCounts,
  problemsByNode,
  problemsOfElement,
  saveRefusal,
} from './node-problems';
import { setAt } from './json-pointer';
import { catalog } from './schema-catalog';

const CARD = '/body/0/children/0/children/1';
const IMAGE = `${CARD}/children/0/children/0/children/0`;
const TEXT = `${CARD}/children/0/children/0/children/1/children/0`;

describe('node problems', () => {
  it('places a problem on the deepest node above it, never on an action step', () => {
    expect(nodeOfPointer(entry, `${IMAGE}/src`, catalog)).toBe(IMAGE);
    expect(nodeOfPointer(entry, `${CARD}/children/0/children/1/onClick/0/path`, catalog)).toBe(
      `${CARD}/children/0/children/1`,
    );
    expect(nodeOfPointer(entry, '/onLoad/0/then/0/endpoint', catalog)).toBe('');
    expect(nodeOfPointer(entry, '/title', catalog)).toBe('');
    expect(nodeOfPointer(entry, 'garbage', catalog)).toBe('');
  });

  it('finds an invalid edit with the validators and hands it to the node and its form', () => {
    const broken = setAt(setAt(entry, `${TEXT}/variant`, 'huge'), `${CARD}/title`, 'Not A Key');
    const problems = draftProblems('screen', broken);
    expect(problems.map((p) => p.pointer).sort()).toEqual([`${TEXT}/variant`, `${CARD}/title`].sort());
    const byNode = problemsByNode(broken, problems, catalog);
    expect(problemCounts(byNode)).toEqual(
      new Map([
        [TEXT, 1],
        [CARD, 1],
      ]),
    );
    expect(problemsOfElement(byNode, TEXT)).toEqual([
      { pointer: '/variant', message: expect.stringMatching(/^must be one of/) },
    ]);
    expect(problemsOfElement(byNode, CARD)[0].pointer).toBe('/title');
  });

  it("adds the server's 422 problems once", () => {
    const server = [
      { pointer: `${IMAGE}/src`, message: 'not an uploaded image' },
      { pointer: '/title', message: 'missing from en-IN' },
    ];
    expect(draftProblems('screen', entry, server)).toEqual(server);
  });

  it('refuses a save with a summary naming the pointers', () => {
    expect(saveRefusal([])).toBeNull();
    const many = Array.from({ length: 7 }, (_, i) => ({ pointer: `/body/${i}`, message: 'bad' }));
    expect(saveRefusal(many)).toBe(
      'Not saved: 7 problems to fix first. /body/0: bad; /body/1: bad; /body/2: bad; /body/3: bad; /body/4: bad; and 2 more.',
    );
    expect(saveRefusal([{ pointer: '', message: 'not valid JSON' }])).toBe(
      'Not saved: 1 problem to fix first. /: not valid JSON.',
    );
  });
});
