import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ENDPOINTS } from './index.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const codeOf = (body: { code?: unknown; status?: unknown }) => Number(body.code ?? body.status);

describe('sandbox router: envelopes for bad input, never a 500', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('every endpoint answers an empty and a garbage request with an envelope, not a crash', async () => {
    const garbage = {
      orderId: 'x',
      productId: '-1',
      problemId: '{}',
      score: 'NaN',
      amount: '1e99',
      pid: 'null',
      type: '[]',
      phone: '\u0000',
      scene: '',
    };
    for (const ep of SANDBOX_ENDPOINTS) {
      for (const fields of [{}, garbage]) {
        const method = ep.methods[0];
        const res =
          method === 'GET'
            ? await sb.raw(`${ep.path}?${new URLSearchParams(fields)}`)
            : await sb.raw(ep.path, { method: 'POST', body: new URLSearchParams(fields) });
        expect(res.status, `${method} ${ep.path}`).toBe(200);
        const body = await res.json();
        expect(codeOf(body), `${method} ${ep.path} ${JSON.stringify(body)}`).not.toBe(500);
        expect(typeof body.message).toBe('string');
        expect(body).toHaveProperty('data');
      }
    }
  });

  it('accepts JSON bodies as well as form bodies', async () => {
    const res = await sb.raw('/user-problem/save-score?token=json', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ score: 3, problemId: 501 }),
    });
    expect(await res.json()).toEqual({ code: '00', message: 'success', data: null });
  });

  it('malformed, non-object and oversized bodies get an error envelope in the right flavour', async () => {
    const post = (path: string, body: string, type = 'application/json') =>
      sb.raw(path, { method: 'POST', headers: { 'content-type': type }, body }).then((r) => r.json());
    expect(await post('/v3/loan-details/google-score', '{"score":')).toEqual({
      code: 400,
      message: expect.any(String),
      detail: 'request body is not valid JSON',
      data: null,
    });
    expect(await post('/v3/loan-details/google-score', '[5]')).toMatchObject({
      code: 400,
      detail: 'request body must be an object of fields',
    });
    expect(
      await post(
        '/user-problem/problem-save',
        `problemDetail=${'x'.repeat(70_000)}`,
        'application/x-www-form-urlencoded',
      ),
    ).toEqual({ code: '413', message: expect.any(String), detail: 'request body too large', data: null });
    expect(await post('/joint/click', JSON.stringify({ productId: { $gt: 1 } }))).toMatchObject({
      status: 400,
      detail: 'productId must be integer',
    });
    expect(await post('/v3/loan-details/google-score', '{"__proto__":{"polluted":1},"score":5}')).toMatchObject({
      code: 0,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('repeated query params are a type error, not a crash', async () => {
    const res = await sb.raw('/v3/loan-details/loan-details?productId=101&orderId=1003&orderId=1004', {
      method: 'POST',
    });
    expect(await res.json()).toMatchObject({ code: 400, detail: 'orderId must be integer' });
  });

  it('unknown paths are 404 and wrong methods 405, both as envelopes', async () => {
    const unknown = await sb.raw('/v3/nothing-here', { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      code: 404,
      message: expect.any(String),
      detail: 'unknown sandbox endpoint POST /v3/nothing-here',
      data: null,
    });
    const wrong = await sb.raw('/user-problem/problem-save');
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual({
      code: '405',
      message: 'GET is not allowed on /user-problem/problem-save',
      data: null,
    });
  });

  it('state is per token; no token is the shared anonymous session', async () => {
    const rate = (q: string) =>
      sb
        .raw(`/user-problem/save-score${q}`, {
          method: 'POST',
          body: new URLSearchParams({ score: '5', problemId: '501' }),
        })
        .then((r) => r.json());
    expect((await rate('')).code).toBe('00');
    expect((await rate('')).code).toBe('409');
    expect((await rate('?token=')).code).toBe('409');
    expect((await rate('?token=fresh')).code).toBe('00');
  });
});
