import { describe, expect, it } from 'vitest';
import {
  TICKET_MAX_LENGTH,
  TICKET_PATTERN,
  ViewTickets,
  viewTicketKeysFromEnv,
  viewTicketsFor,
} from './view-ticket.js';

const KEY = 'k'.repeat(32);
const EIGHT = Array.from({ length: 8 }, (_, i) => ({ id: `rel-${String(i).repeat(10)}`, arm: 'candidate' as const }));

describe('view tickets', () => {
  it('says what it was minted with, and a fresh view id each time', () => {
    const t = new ViewTickets([KEY]);
    const a = t.mint('complaint-entry', [{ id: 'rel-0123456789', arm: 'candidate' }])!;
    const b = t.mint('complaint-entry', [{ id: 'rel-0123456789', arm: 'candidate' }])!;
    expect(t.verify(a)).toMatchObject({
      screen: 'complaint-entry',
      releases: [{ id: 'rel-0123456789', arm: 'candidate' }],
    });
    expect(t.verify(a)!.view).not.toBe(t.verify(b)!.view);
    expect(t.verify(a)!.exp - Date.now() / 1000).toBeGreaterThan(7190);
  });

  it('fits the beacon schema with the most releases a ticket names', () => {
    const longest = new ViewTickets([KEY]).mint('s'.repeat(64), EIGHT)!;
    expect(longest.length).toBeLessThanOrEqual(TICKET_MAX_LENGTH);
    expect(TICKET_PATTERN.test(longest)).toBe(true);
  });

  it('mints none for a view in no release', () => {
    expect(new ViewTickets([KEY]).mint('complaint-entry', [])).toBeUndefined();
  });

  it('refuses a ticket edited anywhere, expired, or signed by a key it does not hold', () => {
    const t = new ViewTickets([KEY]);
    const good = t.mint('complaint-entry', [{ id: 'rel-0123456789', arm: 'base' }])!;
    const [payload, sig] = good.split('.');
    const swapped = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('complaint-entry', 'complaint-list'),
    ).toString('base64url');
    expect(t.verify(`${swapped}.${sig}`)).toBeUndefined();
    expect(t.verify(`${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)).toBeUndefined();
    expect(t.verify(`${payload}.`)).toBeUndefined();
    expect(t.verify(42)).toBeUndefined();
    const old = new ViewTickets([KEY], 60, () => Date.now() - 61_000).mint('complaint-entry', [
      { id: 'rel-0123456789', arm: 'base' },
    ]);
    expect(t.verify(old)).toBeUndefined();
    expect(new ViewTickets(['x'.repeat(32)]).verify(good)).toBeUndefined();
  });

  it('verifies with every key and signs with the first (rotation)', () => {
    const next = 'n'.repeat(32);
    const byOld = new ViewTickets([KEY]).mint('complaint-entry', EIGHT.slice(0, 1))!;
    const both = new ViewTickets([next, KEY]);
    expect(both.verify(byOld)).toBeDefined();
    const byNew = both.mint('complaint-entry', EIGHT.slice(0, 1))!;
    expect(new ViewTickets([next]).verify(byNew)).toBeDefined();
    expect(new ViewTickets([KEY]).verify(byNew)).toBeUndefined();
  });
});

describe('VIEW_TICKET_KEYS', () => {
  it('reads comma-separated keys, and refuses a short, spaced or repeated one naming which', () => {
    expect(viewTicketKeysFromEnv({})).toBeUndefined();
    expect(viewTicketKeysFromEnv({ VIEW_TICKET_KEYS: ` ${KEY} , ${'n'.repeat(40)}` })).toEqual([KEY, 'n'.repeat(40)]);
    expect(() => viewTicketKeysFromEnv({ VIEW_TICKET_KEYS: `${KEY},short` })).toThrow(
      /key 2 of 2 has 5 characters, at least 32/,
    );
    expect(() => viewTicketKeysFromEnv({ VIEW_TICKET_KEYS: `${KEY},${KEY}` })).toThrow(/listed twice/);
    expect(() => viewTicketKeysFromEnv({ VIEW_TICKET_KEYS: 'a b'.repeat(20) })).toThrow(/white space/);
  });

  it('unset: one key from the store, the same for every replica', async () => {
    const kept = new Map<string, string>();
    const store = {
      sharedSecret: async (name: string, fresh: () => string) =>
        kept.has(name) ? kept.get(name)! : (kept.set(name, fresh()), kept.get(name)!),
    };
    const [a, b] = [await viewTicketsFor({}, store), await viewTicketsFor({}, store)];
    expect(b.verify(a.mint('complaint-entry', EIGHT.slice(0, 1)))).toBeDefined();
  });
});
