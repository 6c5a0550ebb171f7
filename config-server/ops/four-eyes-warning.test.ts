import { describe, expect, it } from 'vitest';
import { fourEyesWarning, marketsWithoutFourEyes } from './four-eyes-warning.js';

const market = (id: string, fourEyes: unknown) => ({ kind: 'market', id, content: { id, fourEyes } });
const published = [
  market('IN', false),
  market('ID', true),
  market('TH', undefined),
  { kind: 'screen', id: 'x', content: { fourEyes: false } },
];

describe('four-eyes start warning', () => {
  it('names each published market without four eyes (not other documents, not the ones that ask for it)', () => {
    expect(marketsWithoutFourEyes(published)).toEqual(['IN', 'TH']);
    expect(fourEyesWarning(published, { NODE_ENV: 'production' })).toMatch(
      /^four eyes is off for market IN, TH: one publisher alone/,
    );
  });

  it('says nothing outside production, or when every market asks for four eyes', () => {
    expect(fourEyesWarning(published, {})).toBeUndefined();
    expect(fourEyesWarning([market('ID', true), market('IN', true)], { NODE_ENV: 'production' })).toBeUndefined();
  });
});
