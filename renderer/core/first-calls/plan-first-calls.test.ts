import { describe, expect, it } from 'vitest';
import type { ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';
import { planFirstCalls, planReadsClock } from './plan-first-calls';
import { laterReadsOf } from './plan-later-reads';

const screen = (onLoad: unknown[], state: Record<string, unknown> = {}) =>
  ({ kind: 'screen', id: 's', schemaVersion: 1, title: 't', state, body: [], onLoad }) as unknown as ScreenDocument;
const env = { query: { orderId: '42', token: 't' }, market: { id: 'ID' }, texts: {} };
const mark = (by: string) => ({ firstCall: { by, why: 'test' } });
// `offer` and `titles` are reads the server may make; `push` has an effect.
const apiMap = {
  endpoints: { offer: mark('server'), titles: mark('server'), push: mark('browser') },
} as unknown as ApiMapDocument;
const offer = { action: 'api', endpoint: 'offer', params: { id: '{{ query.orderId }}' }, resultTo: 'c' };
const modalIfOffer = { action: 'if', cond: 'state.c.pop', then: [{ action: 'openModal', id: 'm' }] };
const titles = (params: Record<string, string>) => ({ action: 'api', endpoint: 'titles', params, resultTo: 'list' });
const endpoints = (onLoad: unknown[], state?: Record<string, unknown>) =>
  planFirstCalls({ doc: screen(onLoad, state), ...env }, laterReadsOf(apiMap)).map(
    (c) => `${c.endpoint} ${JSON.stringify(c.params)}`,
  );

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

  it('plans a later read past a modal-only `if`, its params from the query and the initial state', () => {
    const onLoad = [offer, modalIfOffer, titles({ id: '{{ query.orderId }}', page: '{{ state.page }}' })];
    expect(endpoints(onLoad, { page: 1 })).toEqual(['offer {"id":"42"}', 'titles {"id":"42","page":1}']);
    // Without the API map nothing says the later call is a read: only the first is planned.
    expect(planFirstCalls({ doc: screen(onLoad, { page: 1 }), ...env })).toHaveLength(1);
  });

  it('never plans a later call whose request could depend on what ran before it', () => {
    // Reads state the first answer wrote, the previous step's result, or route params.
    expect(endpoints([offer, titles({ id: '{{ state.c.productId }}' })])).toEqual(['offer {"id":"42"}']);
    expect(endpoints([offer, titles({ id: '{{ result.productId }}' })])).toHaveLength(1);
    expect(endpoints([offer, titles({ id: '{{ params.id }}' })])).toHaveLength(1);
    // Past a step that writes state, an `if` with a call in a branch, a call with an effect, or a handler that writes.
    const later = titles({ id: '{{ query.orderId }}' });
    expect(endpoints([offer, { action: 'setState', path: 'x', value: 1 }, later])).toHaveLength(1);
    expect(
      endpoints([offer, { action: 'if', cond: 'state.c', then: [{ action: 'api', endpoint: 'push' }] }, later]),
    ).toHaveLength(1);
    expect(endpoints([offer, { action: 'api', endpoint: 'push' }, later])).toHaveLength(1);
    expect(endpoints([{ ...offer, onSuccess: [{ action: 'setState', path: 'x', value: 1 }] }, later])).toHaveLength(1);
    // A later call that is not a read, and any call after a first call with an effect.
    expect(endpoints([offer, { action: 'api', endpoint: 'push', params: {} }])).toHaveLength(1);
    expect(endpoints([{ action: 'api', endpoint: 'push' }, later])).toEqual(['push {}']);
  });

  it('knows when a plan reads the clock (it cannot be reused for the same query)', () => {
    expect(planReadsClock(screen([{ action: 'api', endpoint: 'e', params: { t: '{{ now() }}' } }]))).toBe(true);
    expect(planReadsClock(screen([{ action: 'api', endpoint: 'e' }]))).toBe(false);
  });
});
