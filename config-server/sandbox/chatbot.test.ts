import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { QA_FREE_TEXT_REPLY, QA_LOW_SCORE_TEXT } from './seed.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const V3 = '/h5-api/v3/user-problem';

describe('v3 complaints (chatbot) and contact info', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('problem-init gives the four problem types and the orders', async () => {
    const res = await sb.post(`${V3}/problem-init`, { orderNo: 'SB1004' });
    expect(res.code).toBe(0);
    expect(res.data.problemStatus).toHaveLength(4);
    expect(res.data.problemStatus[0]).toEqual({ value: 1, title_local: 'Penagihan' });
    expect(res.data.orderDetail).toMatchObject({ orderNo: 'SB1004', isShow: 1 });
    expect(res.data.orderList).toHaveLength(10);
    expect((await sb.post(`${V3}/problem-init`, { orderNo: 'X1' })).code).toBe(404);
  });

  it('get-qa-list walks the tree from pid 0; some answers jump to an agent (action_type 4)', async () => {
    const top = await sb.get(`${V3}/get-qa-list`, { orderNo: 'SB1004', pid: 0 });
    expect(top.code).toBe(0);
    expect(top.data.question).toEqual({ id: 0, title_local: expect.any(String) });
    expect(top.data.answerList).toHaveLength(4);
    expect(top.data.answerList[0]).toEqual({
      id: 1,
      title_local: 'Pembayaran',
      title_local_alias: 'Bayar',
      action_type: 1,
    });

    const questions = await sb.get(`${V3}/get-qa-list`, { pid: 1 });
    expect(questions.data.question).toEqual({ id: 1, title_local: 'Pembayaran' });
    expect(questions.data.answerList.some((a: { action_type: number }) => a.action_type === 4)).toBe(true);
    const answer = await sb.get(`${V3}/get-qa-list`, { pid: 11 });
    expect(answer.data.answerList[0].action_type).toBe(3);

    expect((await sb.get(`${V3}/get-qa-list`, { pid: 777 })).code).toBe(404);
    expect((await sb.get(`${V3}/get-qa-list`, {})).detail).toBe('pid is required');
    expect((await sb.get(`${V3}/get-qa-list`, { pid: -1 })).code).toBe(400);
  });

  it('qa-record: type 1 agent jump, 2 helpful feedback, 3 score (server text below 4), 4 free text', async () => {
    const rec = (fields: Record<string, string | number>) =>
      sb.post(`${V3}/qa-record`, { orderNo: 'SB1004', ...fields });
    expect(await rec({ type: 1, qaId: 13 })).toMatchObject({ code: 0, data: { reportResultData: null } });
    expect((await rec({ type: 1, qaId: 11 })).detail).toMatch(/action_type 4/);
    expect((await rec({ type: 1 })).detail).toBe('qaId is required for type 1');
    expect((await rec({ type: 2, qaId: 111, value: 1 })).code).toBe(0);
    expect((await rec({ type: 2, qaId: 111, value: 2 })).code).toBe(0);
    expect((await rec({ type: 2, qaId: 111, value: 3 })).code).toBe(400);
    expect((await rec({ type: 2, qaId: 9999, value: 1 })).code).toBe(404);
    expect((await rec({ type: 3, value: 2 })).data.reportResultData).toBe(QA_LOW_SCORE_TEXT);
    expect((await rec({ type: 3, value: 4 })).data.reportResultData).toBeNull();
    expect((await rec({ type: 3, value: 6 })).code).toBe(400);
    const free = await rec({ type: 4, value: 'Kenapa tagihan saya naik?' });
    expect(free).toMatchObject({
      code: 0,
      data: { recordId: expect.any(Number), reportResultData: QA_FREE_TEXT_REPLY },
    });
    expect((await rec({ type: 4, value: '  ' })).detail).toMatch(/must not be empty/);
    expect((await rec({ type: 5, value: 'x' })).detail).toBe('type must be one of 1, 2, 3, 4');
    expect((await rec({ type: 4, value: 'x', orderNo: 'NOPE' })).code).toBe(404);
  });

  it('contact-kf-info: overall=30 gives email and smWa for the market', async () => {
    const id = await sb.post('/v3/personal-center/contact-kf-info', { overall: 30 });
    expect(id).toEqual({
      code: 0,
      message: 'success',
      data: { email: expect.stringContaining('@'), smWa: expect.stringMatching(/^62\d+$/) },
    });
    const inRes = await fetch(`${sb.base}/v3/personal-center/contact-kf-info?market=IN&token=t`, {
      method: 'POST',
      body: new URLSearchParams({ overall: '30' }),
    }).then((r) => r.json());
    expect(inRes.data.smWa).toMatch(/^91\d+$/);
    expect(await sb.post('/v3/personal-center/contact-kf-info', { overall: 29 })).toEqual({
      code: 400,
      message: expect.any(String),
      detail: 'overall: must be 30',
      data: null,
    });
    expect((await sb.post('/v3/personal-center/contact-kf-info', {})).detail).toBe('overall is required');
  });
});
