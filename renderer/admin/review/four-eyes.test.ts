import { describe, expect, it } from 'vitest';
import { fourEyes } from './four-eyes';

const markets = [{ id: 'ID', fourEyes: true }, { id: 'IN', fourEyes: false }, null, 'garbage'];

describe('fourEyes', () => {
  it('blocks the only drafter of a set touching a four-eyes market', () => {
    expect(fourEyes({ markets, changes: [{ markets: ['ID'], editors: ['pat'] }], publisher: 'pat' })).toEqual({ markets: ['ID'], editors: ['pat'], blocked: true });
  });
  it('lets another person publish, or the drafter when a colleague edited too', () => {
    expect(fourEyes({ markets, changes: [{ markets: ['ID'], editors: ['ed'] }], publisher: 'pat' }).blocked).toBe(false);
    expect(fourEyes({ markets, changes: [{ markets: ['ID'], editors: ['pat'] }, { markets: [], editors: ['ed'] }], publisher: 'pat' }).blocked).toBe(false);
  });
  it('does not apply to markets that do not ask for it', () => {
    expect(fourEyes({ markets, changes: [{ markets: ['IN'], editors: ['pat'] }], publisher: 'pat' })).toEqual({ markets: [], editors: ['pat'], blocked: false });
  });
});
