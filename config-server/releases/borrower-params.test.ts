import { parse } from 'node:querystring';
import { describe, expect, it } from 'vitest';
import { borrowerParams, whoNames } from './borrower-params.js';

const names = whoNames([{ kind: 'api-map', id: 'api-map', commonParams: [{ name: 'deviceId', query: 'did' }] }]);

describe('borrowerParams', () => {
  it('reads the common params under the API map names, the same from express and from the raw query string', () => {
    const raw = 'did=d-1&market=ID&platform=android&version=2.10&v=abc';
    const want = { deviceId: 'd-1', market: 'ID', platform: 'android', version: '2.10', v: 'abc' };
    // express 5 parses with node:querystring (a repeated name is an array); the fast path has the string.
    expect(borrowerParams(names, parse(raw))).toEqual(want);
    expect(borrowerParams(names, new URLSearchParams(raw))).toEqual(want);
  });

  it('takes no param that is repeated or empty: nobody chooses their arm by sending two', () => {
    for (const raw of ['did=a&did=b', 'did=', 'deviceId=d-1', 'did[x]=1']) {
      expect(borrowerParams(names, parse(raw)).deviceId, raw).toBeUndefined();
      expect(borrowerParams(names, new URLSearchParams(raw)).deviceId, raw).toBeUndefined();
    }
  });
});
