import { describe, expect, it } from 'vitest';
import { canApprove, fourEyes, strictMarkets } from './four-eyes';

const markets = [{ id: 'ID', fourEyes: true }, { id: 'IN', fourEyes: false }, null, 'garbage'];

describe('fourEyes', () => {
  it('blocks the only drafter of a document touching a four-eyes market', () => {
    expect(
      fourEyes({ markets, changes: [{ key: 'text-set/id-ID', markets: ['ID'], editors: ['pat'] }], publisher: 'pat' }),
    ).toEqual({
      markets: ['ID'],
      editors: ['pat'],
      blocked: true,
      documents: [{ key: 'text-set/id-ID', markets: ['ID'], state: 'needs-second', approvers: [] }],
    });
  });

  it("judges each document on its own: a colleague's edit in the set does not carry the publisher's own", () => {
    const v = fourEyes({
      markets,
      changes: [
        { key: 'text-set/id-ID', markets: ['ID'], editors: ['pat'] },
        { key: 'text-set/en-IN', markets: ['ID'], editors: ['ed'] },
      ],
      publisher: 'pat',
    });
    expect(v.blocked).toBe(true);
    expect(v.documents.map((d) => [d.key, d.state])).toEqual([
      ['text-set/id-ID', 'needs-second'],
      ['text-set/en-IN', 'colleague'],
    ]);
  });

  it("counts who saved the current draft, not a colleague's earlier save", () => {
    const rewritten = { key: 'text-set/id-ID', markets: ['ID'], editors: ['ed', 'pat'], savedBy: 'pat' };
    expect(fourEyes({ markets, changes: [rewritten], publisher: 'pat' }).documents[0].state).toBe('needs-second');
    expect(canApprove(rewritten, strictMarkets(markets), 'paula')).toBe(true);
    expect(canApprove(rewritten, strictMarkets(markets), 'pat')).toBe(false);
    const reviewed = { ...rewritten, savedBy: 'ed' };
    expect(fourEyes({ markets, changes: [reviewed], publisher: 'pat' }).documents[0].state).toBe('colleague');
  });

  it('lets another person publish, or the drafter once someone else approved the draft (never their own approval)', () => {
    expect(
      fourEyes({ markets, changes: [{ markets: ['ID'], editors: ['ed'] }], publisher: 'pat' }).documents[0].state,
    ).toBe('colleague');
    const approved = fourEyes({
      markets,
      changes: [{ markets: ['ID'], editors: ['pat'], approvers: ['paula'] }],
      publisher: 'pat',
    });
    expect(approved).toMatchObject({ blocked: false, documents: [{ state: 'approved', approvers: ['paula'] }] });
    const own = fourEyes({
      markets,
      changes: [{ markets: ['ID'], editors: ['pat'], approvers: ['pat'] }],
      publisher: 'pat',
    });
    expect(own).toMatchObject({ blocked: true, documents: [{ state: 'needs-second', approvers: [] }] });
  });

  it('does not apply to markets that do not ask for it', () => {
    expect(fourEyes({ markets, changes: [{ markets: ['IN'], editors: ['pat'] }], publisher: 'pat' })).toMatchObject({
      markets: [],
      blocked: false,
      documents: [{ state: 'free' }],
    });
  });

  it('offers Approve to a publisher who is not the only drafter, once', () => {
    const strict = strictMarkets(markets);
    expect(canApprove({ markets: ['ID'], editors: ['ed'] }, strict, 'pat')).toBe(true);
    expect(canApprove({ markets: ['ID'], editors: ['ed'] }, strict, 'ed')).toBe(false);
    expect(canApprove({ markets: ['ID'], editors: ['ed'], approvers: ['pat'] }, strict, 'pat')).toBe(false);
    expect(canApprove({ markets: ['ID'], editors: ['ed', 'eve'] }, strict, 'pat')).toBe(false);
    expect(canApprove({ markets: ['IN'], editors: ['ed'] }, strict, 'pat')).toBe(false);
  });
});
