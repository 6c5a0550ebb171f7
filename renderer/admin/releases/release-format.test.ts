import { describe, expect, it } from 'vitest';
import type { DocSummary } from '../admin-types';
import { audienceText, figureText, releaseFourEyes, releaseMarkets, verdictOf } from './release-format';

const doc = (kind: string, id: string, markets: string[]) => ({ kind, id, markets }) as DocSummary;
const DOCS = [doc('text-set', 'id-ID', ['ID']), doc('screen', 'home', ['ID', 'IN'])];

describe('release format', () => {
  it('says who a release reaches', () => {
    expect(audienceText({})).toBe('every market, platform and app version');
    expect(audienceText({ markets: ['ID', 'IN'], platforms: ['web'], minVersion: '2', maxVersion: '3.1' })).toBe(
      'markets ID, IN · web · app 2 to 3.1',
    );
    expect(audienceText({ markets: ['ID'], maxVersion: '3' })).toBe('market ID · app up to 3');
  });

  it('reads arms without page views as no figure, not 0 %', () => {
    const none = { pageViews: 0, errors: 0, errorRate: 0, p75Lcp: null, p75Inp: null };
    const some = { pageViews: 1234, errors: 1, errorRate: 1 / 3, p75Lcp: 1234.6, p75Inp: 88 };
    expect(figureText('errorRate', none)).toBe('—');
    expect(figureText('errorRate', some)).toBe('33.33 %');
    expect(figureText('lcp', some)).toBe('1,235 ms');
    expect(figureText('inp', some)).toBe('88 ms');
    expect(figureText('pageViews', some)).toBe('1,234');
  });

  it('takes the verdict from the server, and says so when there is none', () => {
    expect(verdictOf({ guard: true, verdict: { status: 'healthy', message: 'no regression' } })).toEqual({
      label: 'healthy',
      tone: 'ok',
      message: 'no regression',
    });
    expect(verdictOf({ guard: true, verdict: { status: 'regressed', message: 'x' } }).tone).toBe('bad');
    expect(
      verdictOf({
        guard: true,
        verdict: { status: 'healthy', message: 'healthy: error rate 3 % candidate vs 1 % base' },
      }).message,
    ).toBe('error rate 3 % candidate vs 1 % base');
    expect(
      verdictOf({ guard: false, verdict: { status: 'off', message: 'guard off: rolled back only by hand' } }).message,
    ).toBe('rolled back only by hand');
    expect(
      verdictOf({ guard: true, verdict: { status: 'regressed', message: 'automatic rollback: api failures' } }).message,
    ).toBe('automatic rollback: api failures');
    expect(verdictOf({ guard: true }).label).toBe('guard on');
    expect(verdictOf({ guard: false }).label).toBe('guard off');
    // An unknown status from a newer server is not shown as one we know.
    expect(verdictOf({ guard: false, verdict: { status: 'weird' as never, message: 'x' } }).label).toBe('guard off');
  });

  it('finds the markets a release reaches: audience, else its documents, else every market', () => {
    const docs = [{ kind: 'text-set', id: 'id-ID', file: 'f', baseVersion: 1 }];
    expect(releaseMarkets({ audience: { markets: ['IN'] }, documents: docs }, DOCS, ['ID', 'IN'])).toEqual(['IN']);
    expect(releaseMarkets({ audience: {}, documents: docs }, DOCS, ['ID', 'IN'])).toEqual(['ID']);
    expect(releaseMarkets({ audience: {}, documents: [{ ...docs[0]!, id: 'gone' }] }, DOCS, ['ID', 'IN'])).toEqual([
      'ID',
      'IN',
    ]);
  });

  it('applies four eyes to the candidate drafters', () => {
    const markets = [{ id: 'ID', fourEyes: true }];
    const documents = [{ kind: 'screen', id: 'home', file: 'f', baseVersion: 1, editors: ['ed'] }];
    expect(releaseFourEyes({ documents }, DOCS, markets, 'ed')).toMatchObject({
      markets: ['ID'],
      editors: ['ed'],
      blocked: true,
    });
    expect(releaseFourEyes({ documents }, DOCS, markets, 'pat').blocked).toBe(false);
  });
});
