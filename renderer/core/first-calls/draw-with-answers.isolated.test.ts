import { describe, expect, it, vi } from 'vitest';
import type { ActionOutcome } from '../runtime/contract';
import type { ApiMapDocument, ScreenDocument } from '../../../schemas/generated/types';
import type { ScreenInput } from '../screen/screen-input';

// Every onLoad run the server starts, to see that each one ends once its page is drawn.
const runs = vi.hoisted(() => [] as Promise<ActionOutcome>[]);
vi.mock('../actions/run-actions', async (original) => {
  const real = await original<typeof import('../actions/run-actions')>();
  return {
    ...real,
    runActions: (...args: Parameters<typeof real.runActions>) => runs[runs.push(real.runActions(...args)) - 1],
  };
});
const { drawWithAnswers } = await import('./draw-with-answers');
const { readServerAnswer } = await import('./server-answer');
const { planFirstCalls } = await import('./plan-first-calls');

const apiMap = {
  baseUrl: '/sandbox',
  timeoutMs: 5000,
  commonParams: [],
  endpoints: {
    list: {
      method: 'POST',
      path: '/list',
      encoding: 'form',
      successCode: '00',
      firstCall: { by: 'server', why: 'a read of the list' },
    },
    more: {
      method: 'POST',
      path: '/more',
      encoding: 'form',
      successCode: '00',
      firstCall: { by: 'browser', why: 'a second call' },
    },
  },
} as unknown as ApiMapDocument;
const doc = {
  kind: 'screen',
  id: 's',
  schemaVersion: 1,
  title: 't',
  body: [],
  state: { items: [] },
  onLoad: [
    { action: 'api', endpoint: 'list', resultTo: 'items' },
    { action: 'setState', path: 'loaded', value: true },
    {
      action: 'api',
      endpoint: 'more',
      resultTo: 'more',
      onError: [{ action: 'setState', path: 'failed', value: true }],
    },
    { action: 'setState', path: 'after', value: true },
  ],
} as unknown as ScreenDocument;
// One screen input, as the server builds it per page: planning, reading and the onLoad run each take their view of it.
const input: ScreenInput = { doc, apiMap, market: {}, texts: {}, query: {}, commonQueryNames: [], logError: () => {} };

describe('the server-side onLoad', () => {
  it("takes the server's answer from the claim table, draws with the state up to the next call, then ends", async () => {
    const [planned] = planFirstCalls(input);
    const answer = readServerAnswer(input, planned, {
      status: 200,
      text: JSON.stringify({ code: '00', message: '', data: [1, 2] }),
    })!;
    const data = await drawWithAnswers(input, [answer]);
    expect(data).toEqual({ state: { items: [1, 2], loaded: true }, calls: [answer] });
    // The second call was never made here; the run ends with the page (no continuation left waiting forever).
    const ended = await Promise.race([runs.at(-1)!, new Promise((r) => setTimeout(() => r('still waiting'), 1000))]);
    expect(ended).toEqual({ ok: false, error: { code: undefined, message: 'screen closed' } });
  });

  it('draws nothing from an answer onLoad did not take, or one that is not a success', async () => {
    expect(
      await drawWithAnswers(input, [
        { endpoint: 'list', key: '["list",{"x":1},false]', result: { ok: true, code: '00', message: '', data: [] } },
      ]),
    ).toBeNull();
    const [planned] = planFirstCalls(input);
    expect(
      readServerAnswer(input, planned, { status: 200, text: JSON.stringify({ code: '99', message: 'no' }) }),
    ).toBeNull();
  });
});
