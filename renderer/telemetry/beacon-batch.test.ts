import { describe, expect, it } from 'vitest';
import { validateBeacon } from '../../schemas/generated/validators.js';
import { createBatch, MAX_BODY_BYTES } from './beacon-batch';

const REL = [{ id: 'rel-0123456789', arm: 'candidate' as const }];
const valid = (body: string) => {
  const ok = validateBeacon(JSON.parse(body));
  return ok ? true : validateBeacon.errors;
};

describe('beacon batch', () => {
  it('counts per screen and releases, into a body the beacon schema accepts', () => {
    const b = createBatch('ID');
    b.count('complaint-entry', REL, 'pageViews');
    b.count('complaint-entry', REL, 'pageViews');
    b.count('complaint-entry', REL, { api: 'problemInit' });
    b.count('complaint-entry', [], 'renderErrors');
    b.timing('complaint-entry', REL, 'lcp', 1234.6);
    b.timing('complaint-entry', REL, 'inp', 99_999);
    const [body, ...more] = b.take();
    expect(more).toEqual([]);
    expect(valid(body)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      v: 1,
      market: 'ID',
      screens: [
        { screen: 'complaint-entry', releases: REL, pageViews: 2, apiFailures: { problemInit: 1 }, lcp: [1235], inp: [60000] },
        { screen: 'complaint-entry', renderErrors: 1 },
      ],
    });
    expect(b.take()).toEqual([]);
  });

  it('is full before any limit of the schema would be crossed: 20 screens, a count of 100, 20 timings, 20 endpoints', () => {
    const screens = createBatch('ID');
    for (let i = 0; i < 19; i++) screens.count(`s-${i}`, [], 'pageViews');
    expect(screens.full()).toBe(false);
    screens.count('s-19', [], 'pageViews');
    expect(screens.full()).toBe(true);
    screens.count('s-20', [], 'pageViews');
    expect(JSON.parse(screens.take()[0]).screens).toHaveLength(20);

    const counts = createBatch('ID');
    for (let i = 0; i < 99; i++) counts.count('a', [], { api: 'x' });
    expect(counts.full()).toBe(false);
    counts.count('a', [], { api: 'x' });
    expect(counts.full()).toBe(true);

    const timings = createBatch('ID');
    for (let i = 0; i < 20; i++) timings.timing('a', [], 'inp', i);
    expect(timings.full()).toBe(true);

    const names = createBatch('ID');
    for (let i = 0; i < 21; i++) names.count('a', [], { api: `e${i}` });
    expect(names.full()).toBe(true);
    const [body] = names.take();
    expect(Object.keys(JSON.parse(body).screens[0].apiFailures)).toHaveLength(20);
    expect(valid(body)).toBe(true);
  });

  it('splits what is counted into bodies of at most 4096 bytes, each valid', () => {
    const b = createBatch('IN');
    const eight = Array.from({ length: 8 }, (_, i) => ({ id: `rel-${String(i).padStart(10, 'a')}`, arm: 'base' as const }));
    for (let s = 0; s < 20; s++) {
      for (let e = 0; e < 20; e++) b.count(`screen-${s}`, eight, { api: `endpointNumber${e}WithALongName` });
      for (let t = 0; t < 20; t++) b.timing(`screen-${s}`, eight, 'lcp', 59_999);
    }
    const bodies = b.take();
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
      expect(valid(body)).toBe(true);
    }
    expect(bodies.flatMap((x) => JSON.parse(x).screens)).toHaveLength(20);
  });

  it('does not count names the schema would refuse (the whole beacon would be)', () => {
    const b = createBatch('ID');
    b.count('Bad Screen', [], 'pageViews');
    b.count('ok', [], { api: 'has space' });
    b.timing('ok', [], 'lcp', Number.NaN);
    expect(b.take()).toEqual([]);
  });
});
