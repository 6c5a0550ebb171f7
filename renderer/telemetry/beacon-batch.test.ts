import { describe, expect, it } from 'vitest';
import { validateBeacon } from '../../schemas/generated/validators.js';
import { createBatch, MAX_BODY_BYTES } from './beacon-batch';

/** A ticket of the schema's shape (the server's signature is not the batch's to check). */
const TICKET = 'eyJ2IjoiMDEyMzQ1Njc4OWFiY2RlZmdoaWprbCJ9.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const valid = (body: string) => {
  const ok = validateBeacon(JSON.parse(body));
  return ok ? true : validateBeacon.errors;
};

describe('beacon batch', () => {
  it('counts per view ticket, and per screen without one, into a body the beacon schema accepts', () => {
    const b = createBatch('ID');
    b.count('complaint-entry', TICKET, 'pageViews');
    b.count('complaint-entry', TICKET, 'pageViews');
    b.count('complaint-entry', TICKET, { api: 'problemInit' });
    b.count('complaint-entry', undefined, 'renderErrors');
    b.timing('complaint-entry', TICKET, 'lcp', 1234.6);
    b.timing('complaint-entry', TICKET, 'inp', 99_999);
    const [body, ...more] = b.take();
    expect(more).toEqual([]);
    expect(valid(body)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      v: 1,
      market: 'ID',
      screens: [
        {
          screen: 'complaint-entry',
          ticket: TICKET,
          pageViews: 2,
          apiFailures: { problemInit: 1 },
          lcp: [1235],
          inp: [60000],
        },
        { screen: 'complaint-entry', renderErrors: 1 },
      ],
    });
    expect(b.take()).toEqual([]);
  });

  it('is full before any limit of the schema would be crossed: 20 screens, a count of 100, 20 timings, 20 endpoints', () => {
    const screens = createBatch('ID');
    for (let i = 0; i < 19; i++) screens.count(`s-${i}`, undefined, 'pageViews');
    expect(screens.full()).toBe(false);
    screens.count('s-19', undefined, 'pageViews');
    expect(screens.full()).toBe(true);
    screens.count('s-20', undefined, 'pageViews');
    expect(JSON.parse(screens.take()[0]).screens).toHaveLength(20);

    const counts = createBatch('ID');
    for (let i = 0; i < 99; i++) counts.count('a', undefined, { api: 'x' });
    expect(counts.full()).toBe(false);
    counts.count('a', undefined, { api: 'x' });
    expect(counts.full()).toBe(true);

    const timings = createBatch('ID');
    for (let i = 0; i < 20; i++) timings.timing('a', undefined, 'inp', i);
    expect(timings.full()).toBe(true);

    const names = createBatch('ID');
    for (let i = 0; i < 21; i++) names.count('a', undefined, { api: `e${i}` });
    expect(names.full()).toBe(true);
    const [body] = names.take();
    expect(Object.keys(JSON.parse(body).screens[0].apiFailures)).toHaveLength(20);
    expect(valid(body)).toBe(true);
  });

  it('splits what is counted into bodies of at most 4096 bytes, each valid', () => {
    const b = createBatch('IN');
    const longest = `${'p'.repeat(640)}.${'s'.repeat(43)}`;
    for (let s = 0; s < 20; s++) {
      for (let e = 0; e < 20; e++) b.count(`screen-${s}`, longest, { api: `endpointNumber${e}WithALongName` });
      for (let t = 0; t < 20; t++) b.timing(`screen-${s}`, longest, 'lcp', 59_999);
    }
    const bodies = b.take();
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
      expect(valid(body)).toBe(true);
    }
    expect(bodies.flatMap((x) => JSON.parse(x).screens)).toHaveLength(20);
  });

  it('counts a view without its ticket once the ticket was sent (the server counts a ticket once), or when it is malformed', () => {
    const b = createBatch('ID');
    b.count('a', TICKET, 'pageViews');
    expect(JSON.parse(b.take()[0]).screens).toEqual([{ screen: 'a', ticket: TICKET, pageViews: 1 }]);
    b.count('a', TICKET, 'renderErrors');
    b.count('b', 'not a ticket', 'pageViews');
    const [body] = b.take();
    expect(valid(body)).toBe(true);
    expect(JSON.parse(body).screens).toEqual([
      { screen: 'a', renderErrors: 1 },
      { screen: 'b', pageViews: 1 },
    ]);
  });

  it('does not count names the schema would refuse (the whole beacon would be)', () => {
    const b = createBatch('ID');
    b.count('Bad Screen', undefined, 'pageViews');
    b.count('ok', undefined, { api: 'has space' });
    b.timing('ok', undefined, 'lcp', Number.NaN);
    expect(b.take()).toEqual([]);
  });
});
