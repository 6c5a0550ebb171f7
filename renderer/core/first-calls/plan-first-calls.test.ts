import { describe, expect, it } from 'vitest';
import type { ScreenDocument } from '../../../schemas/generated/types';
import { planFirstCalls, planReadsClock } from './plan-first-calls';

const screen = (onLoad: unknown[], state: Record<string, unknown> = {}) =>
  ({ kind: 'screen', id: 's', schemaVersion: 1, title: 't', state, body: [], onLoad }) as unknown as ScreenDocument;
const env = { query: { orderId: '42', token: 't' }, market: { id: 'ID' }, texts: {} };

describe('planFirstCalls', () => {
  it('follows the `if` branch the initial query picks, resolves its params and keys the call', () => {
    const doc = screen([
      {
        action: 'if',
        cond: 'query.orderId',
        then: [{ action: 'api', endpoint: 'problemInit', params: { orderId: '{{ query.orderId }}' } }],
        else: [{ action: 'api', endpoint: 'problemInit', silent: true }],
      },
      { action: 'setState', path: 'x', value: 1 },
    ]);
    expect(planFirstCalls({ doc, ...env })).toEqual([
      {
        key: '["problemInit",{"orderId":"42"},false]',
        endpoint: 'problemInit',
        params: { orderId: '42' },
        silent: false,
      },
    ]);
    expect(planFirstCalls({ doc, ...env, query: {} })).toEqual([
      { key: '["problemInit",{},true]', endpoint: 'problemInit', params: {}, silent: true },
    ]);
  });

  it('reads the initial state; stops at an action that could change what the call sends', () => {
    expect(
      planFirstCalls({
        doc: screen([{ action: 'api', endpoint: 'e', params: { p: '{{ state.page }}' } }], { page: 3 }),
        ...env,
      })[0].params,
    ).toEqual({ p: 3 });
    expect(
      planFirstCalls({ doc: screen([{ action: 'sequence', actions: [{ action: 'api', endpoint: 'e' }] }]), ...env }),
    ).toHaveLength(1);
    expect(
      planFirstCalls({
        doc: screen([
          { action: 'setState', path: 'page', value: 2 },
          { action: 'api', endpoint: 'e' },
        ]),
        ...env,
      }),
    ).toEqual([]);
    expect(
      planFirstCalls({ doc: screen([{ action: 'api', endpoint: 'e', params: { id: '{{ params.id }}' } }]), ...env }),
    ).toEqual([]);
    expect(planFirstCalls({ doc: screen([]), ...env })).toEqual([]);
  });

  it('knows when a plan reads the clock (it cannot be reused for the same query)', () => {
    expect(planReadsClock(screen([{ action: 'api', endpoint: 'e', params: { t: '{{ now() }}' } }]))).toBe(true);
    expect(planReadsClock(screen([{ action: 'api', endpoint: 'e' }]))).toBe(false);
  });
});
