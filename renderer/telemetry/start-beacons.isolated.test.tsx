import { cleanup, render } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiMapDocument, MarketDocument, ScreenDocument } from '../../schemas/generated/types';
import { validateBeacon } from '../../schemas/generated/validators.js';
import { createApiClient } from '../api/api-client';
import { setWho } from '../boot/arm-query';
import { loadScreen } from '../boot/config-client';
import { readQuery } from '../boot/page-location';
import { ScreenHost } from '../boot/ScreenHost';
import { startBeacons } from './start-beacons';
import { inbox, note } from './telemetry-inbox';

const TICKET = 'eyJ2IjoiMDEyMzQ1Njc4OWFiY2RlZmdoaWprbCJ9.0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const SECRETS = { deviceId: 'DEV-SECRET-42', token: 'TOK-SECRET-42', phone: '081299887766', orderNo: 'SB1003' };
const market = { id: 'ID', telemetry: { sampleRate: 0 } } as unknown as MarketDocument;
const apiMap = {
  kind: 'api-map',
  id: 'default',
  schemaVersion: 1,
  baseUrl: '/sandbox',
  timeoutMs: 1000,
  commonParams: ['deviceId', 'token', 'market', 'platform', 'version'].map((name) => ({ name, query: name })),
  endpoints: {
    problemInit: {
      method: 'POST',
      path: '/user-problem/problem-init',
      encoding: 'form',
      successCode: '00',
      onFailure: 'silent',
      description: 'd',
    },
  },
} as unknown as ApiMapDocument;
/** A screen that calls with the borrower's data, and binds a value that cannot be read (its warning quotes the value). */
const screen = {
  kind: 'screen',
  id: 'complaint-entry',
  schemaVersion: 1,
  title: 'x',
  onLoad: [
    { action: 'api', endpoint: 'problemInit', params: { orderNo: '{{ query.orderNo }}', phone: '{{ query.phone }}' } },
  ],
  body: [{ type: 'divider', when: 'amount(query.token) != ""' }],
} as unknown as ScreenDocument;

let stop = () => {};
afterEach(() => {
  stop();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setWho({});
  inbox.length = 0;
});

const hide = (type: 'visibilitychange' | 'pagehide') => {
  if (type === 'pagehide') return void window.dispatchEvent(new Event('pagehide'));
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('beacon sender', () => {
  it('after a flow with a token, phone, deviceId and order number in the URL, sends a valid beacon holding none of them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    history.replaceState(
      null,
      '',
      `/complaint?${new URLSearchParams({ ...SECRETS, market: 'ID', platform: 'ios', version: '1.0.0' })}`,
    );
    const query = readQuery(location.search);
    setWho(query, apiMap.commonParams);
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(screen), {
        status: 200,
        headers: { ETag: '"c"', 'X-Config-Release': 'rel-0123456789=candidate', 'X-View-Ticket': TICKET },
      });
    });
    const loaded = await loadScreen('complaint-entry', () => {});
    expect(urls[0]).toContain('deviceId=DEV-SECRET-42'); // the server needs it for the arm; the beacon does not
    // The backend refuses, quoting the borrower's phone in its message.
    let called = false;
    const adapter: AxiosAdapter = async (config) => {
      called = true;
      return {
        data: { code: '99', message: `phone ${SECRETS.phone} order ${SECRETS.orderNo} blocked`, data: null },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
    const api = createApiClient({ apiMap, query, toast: () => {}, t: (k) => k, logError: () => {}, adapter });
    const sent: string[] = [];
    stop = startBeacons(market, (b) => void sent.push(b));
    render(
      <ScreenHost
        doc={loaded!.body}
        texts={{}}
        market={{}}
        query={query}
        params={{}}
        commonQueryNames={[]}
        hashRouting={false}
        api={api}
        bridge={{ send: () => {} }}
        navigate={() => {}}
      />,
    );
    await vi.waitFor(() => expect(called).toBe(true));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]); // nothing before the page hides (the batch is far from full)
    hide('visibilitychange');

    expect(sent).toHaveLength(1);
    const body = sent[0];
    expect(validateBeacon(JSON.parse(body)), JSON.stringify(validateBeacon.errors)).toBe(true);
    expect(JSON.parse(body)).toEqual({
      v: 1,
      market: 'ID',
      screens: [
        {
          screen: 'complaint-entry',
          ticket: TICKET,
          pageViews: 1,
          expressionWarnings: 1,
          apiFailures: { problemInit: 1 },
        },
      ],
    });
    for (const secret of Object.values(SECRETS)) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/blocked|phone|token/);
  });

  it('sends on pagehide too, and nothing when nothing was counted', () => {
    const sent: string[] = [];
    stop = startBeacons({ ...market, telemetry: { sampleRate: 1 } }, (b) => void sent.push(b));
    hide('pagehide');
    expect(sent).toEqual([]);
    note({ view: 'complaint-list' });
    hide('pagehide');
    expect(sent.map((b) => JSON.parse(b).screens)).toEqual([[{ screen: 'complaint-list', pageViews: 1 }]]);
  });

  it('starts once per page load, and not for a market id the beacon schema refuses', () => {
    const sent: string[] = [];
    expect(
      startBeacons({ ...market, id: 'xx' } as unknown as MarketDocument, (b) => void sent.push(b))(),
    ).toBeUndefined();
    stop = startBeacons({ ...market, telemetry: { sampleRate: 1 } }, (b) => void sent.push(b));
    startBeacons({ ...market, telemetry: { sampleRate: 1 } }, () => sent.push('second sender'));
    note({ view: 'a' });
    hide('pagehide');
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toBe('second sender');
  });

  it("reports screens without a release in the share of page loads the market's telemetry.sampleRate says, decided once", () => {
    const sent: string[] = [];
    const load = (random: number, telemetry?: { sampleRate: number }) => {
      stop();
      const draw = vi.spyOn(Math, 'random').mockReturnValue(random);
      stop = startBeacons({ ...market, telemetry } as MarketDocument, (b) => void sent.push(b));
      note({ view: 'complaint-list' });
      note({ view: 'complaint-list' });
      hide('pagehide');
      expect(draw).toHaveBeenCalledTimes(1);
      draw.mockRestore();
      return sent.splice(0).map((b) => JSON.parse(b).screens);
    };
    expect(load(0.05, { sampleRate: 0.1 })).toEqual([[{ screen: 'complaint-list', pageViews: 2 }]]);
    expect(load(0.5, { sampleRate: 0.1 })).toEqual([]);
    expect(load(0, undefined)).toEqual([]); // no constant: only views with a ticket are reported
  });
});
