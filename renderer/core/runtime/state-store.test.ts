import { describe, expect, it } from 'vitest';
import { createStateStore } from './state-store';

describe('state store', () => {
  it('reads and writes dotted paths, creating objects and arrays on the way', () => {
    const s = createStateStore({ form: { detail: '' } });
    s.set('form.detail', 'hello');
    s.set('images.0', 'a.png');
    s.set('$modals.success', true);
    expect(s.get('form.detail')).toBe('hello');
    expect(s.getSnapshot().images).toEqual(['a.png']);
    expect(s.get('$modals.success')).toBe(true);
  });

  it('gives a new snapshot on every write and notifies subscribers', () => {
    const s = createStateStore({ a: { b: 1 }, other: { x: 1 } });
    const before = s.getSnapshot();
    let calls = 0;
    s.subscribe(() => calls++);
    s.set('a.b', 2);
    expect(s.getSnapshot()).not.toBe(before);
    expect(s.getSnapshot().other).toBe(before.other);
    expect(before).toEqual({ a: { b: 1 }, other: { x: 1 } });
    expect(calls).toBe(1);
  });

  it('refuses paths that reach prototypes', () => {
    const s = createStateStore();
    expect(() => s.set('__proto__.polluted', 1)).toThrow(/not allowed/);
    expect(() => s.set('a.constructor.prototype.x', 1)).toThrow(/not allowed/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not share the initial state object', () => {
    const initial = { n: 1 };
    const s = createStateStore(initial);
    s.set('n', 2);
    expect(initial.n).toBe(1);
  });

  it('a write of the value already there changes nothing: same snapshot, no re-render', () => {
    const answer = { history: [{ id: 1 }] };
    const s = createStateStore({ a: answer }, true);
    const before = s.getSnapshot();
    let calls = 0;
    s.subscribe(() => calls++);
    s.set('a', answer);
    expect(s.getSnapshot()).toBe(before);
    expect(calls).toBe(0);
    s.set('a', { history: [{ id: 1 }] });
    expect(calls).toBe(1);
    expect(s.getSnapshot()).not.toBe(before);
  });

  it('keeps a handed-over state as it is and still never writes into it', () => {
    const drawn = { a: { n: 1 } };
    const s = createStateStore(drawn, true);
    expect(s.getSnapshot()).toBe(drawn);
    s.set('a.n', 2);
    expect(drawn.a.n).toBe(1);
    expect(s.get('a.n')).toBe(2);
  });
});
