import { describe, expect, it } from 'vitest';
import { applyOverrides, at, pointersOf } from './preview-overrides';
import { FAILED_CALL_PREFIX } from './preview/preview-messages';

const draft = () => ({
  kind: 'screen',
  id: 's',
  state: { n: 1 },
  onLoad: [{ action: 'api', endpoint: 'orders', onSuccess: [{ action: 'api', endpoint: 'more' }] }],
  body: [
    {
      type: 'stack',
      when: '{{ state.ready }}',
      children: [
        { type: 'text', when: 'state.n > 5', value: 'many' },
        { type: 'list', items: '{{ state.rows }}', itemTemplate: [{ type: 'text', value: 'x' }] },
      ],
    },
    { type: 'modal', id: 'rate', when: 'state.open', title: 't', children: [] },
    { type: 'text', value: 'a/b~c' },
  ],
});

describe('preview overrides', () => {
  it('shows a `when` branch by dropping its condition and its ancestors’, on a copy', () => {
    const doc = draft();
    const out = applyOverrides(doc, [{ state: 'shown', pointer: '/body/0/children/0' }]);
    expect(at(out, '/body/0/children/0')).toEqual({ type: 'text', value: 'many' });
    expect(at(out, '/body/0/when')).toBeUndefined();
    // The draft the editor holds is untouched, and nothing else changed.
    expect(doc.body[0]!.when).toBe('{{ state.ready }}');
    expect(at(out, '/body/1/when')).toBe('state.open');
  });

  it('opens a modal in the initial state, empties a list, fails a nested call', () => {
    const out = applyOverrides(draft(), [
      { state: 'modal-open', pointer: '/body/1' },
      { state: 'list-empty', pointer: '/body/0/children/1' },
      { state: 'call-failed', pointer: '/onLoad/0/onSuccess/0' },
    ]);
    expect(out.state).toEqual({ n: 1, $modals: { rate: true } });
    expect(at(out, '/body/1/when')).toBeUndefined();
    expect(at(out, '/body/0/children/1/items')).toBe('');
    expect(at(out, '/body/0/when')).toBeUndefined();
    expect(at(out, '/onLoad/0/onSuccess/0/endpoint')).toBe(`${FAILED_CALL_PREFIX}more`);
    expect(at(out, '/onLoad/0/endpoint')).toBe('orders');
  });

  it('skips a pointer that names nothing or the wrong kind of element (the menu moved on)', () => {
    const doc = draft();
    const out = applyOverrides(doc, [
      { state: 'modal-open', pointer: '/body/2' },
      { state: 'list-empty', pointer: '/body/9' },
      { state: 'call-failed', pointer: '/body/0' },
      { state: 'shown', pointer: 'body' },
    ]);
    expect(out).toEqual(doc);
    expect(applyOverrides(doc, [])).toBe(doc);
  });

  it('names every object by its pointer, escaping ~ and / in keys', () => {
    const doc = { body: [{ type: 'a', children: [{ type: 'b' }] }], state: { 'x/y~z': { deep: true } } };
    const map = pointersOf(doc);
    expect(map.get(doc.body[0]!)).toBe('/body/0');
    expect(map.get(doc.body[0]!.children[0]!)).toBe('/body/0/children/0');
    expect(map.get(doc.state['x/y~z'])).toBe('/state/x~1y~0z');
    expect(at(doc, '/state/x~1y~0z/deep')).toBe(true);
  });
});
