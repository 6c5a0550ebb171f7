import { afterEach, describe, expect, it } from 'vitest';
import { setWho, withWho } from './arm-query';

const page = {
  deviceId: 'd-1',
  market: 'ID',
  platform: 'ios',
  version: '1.2.0',
  token: 'secret',
  gid: 'g1',
  phone: '0812',
};

afterEach(() => setWho({}));

describe('the borrower on config fetches', () => {
  it('adds exactly the params the server reads the arm from (never the token or anything else)', () => {
    setWho(page);
    expect(withWho('/config/v1/screens/complaint-entry')).toBe(
      '/config/v1/screens/complaint-entry?deviceId=d-1&market=ID&platform=ios&version=1.2.0',
    );
  });

  it("sets the bundle's own market rather than repeating it (a repeated parameter is a 400)", () => {
    setWho(page);
    const url = new URL(withWho('/config/v1/bundle?market=ID&locale=en-IN'), 'http://x');
    expect(url.searchParams.getAll('market')).toEqual(['ID']);
    expect(url.searchParams.get('locale')).toBe('en-IN');
    expect(url.searchParams.get('deviceId')).toBe('d-1');
  });

  it("reads them under the API map's query names, and leaves out the absent ones", () => {
    setWho({ did: 'd-9', os: 'android' }, [
      { name: 'deviceId', query: 'did' },
      { name: 'platform', query: 'os' },
      { name: 'token', query: 'token' },
    ]);
    expect(withWho('/config/v1/screens/a')).toBe('/config/v1/screens/a?did=d-9&os=android');
  });

  it('without a borrower (no params yet) the URL is unchanged', () => {
    expect(withWho('/config/v1/screens/a')).toBe('/config/v1/screens/a');
  });
});
