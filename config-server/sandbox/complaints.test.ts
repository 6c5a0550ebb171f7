import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b30000000049454e44ae426082',
  'hex',
);

describe('legacy complaint calls (success code "00")', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  async function upload(bytes: Buffer, type = 'image/png', field = 'problemImage', name = 'a.png') {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    return (await sb.raw('/user-problem/upload-problem-img?token=up', { method: 'POST', body: form })).json();
  }

  it('problem-init lists types, sub-types and orders with isShow 0 and 1', async () => {
    const res = await sb.post('/user-problem/problem-init', { orderId: 1003 });
    expect(res.code).toBe('00');
    expect(res.data.problemType[0]).toEqual({ value: 1, title: 'Collection' });
    expect(res.data.problemSonType.length).toBeGreaterThan(0);
    expect(res.data.orderDetail).toMatchObject({
      orderNo: 'SB1003',
      productName: 'Dana Kilat',
      isShow: 1,
      status: expect.any(String),
    });
    expect(res.data.orderDetail.rows[0]).toEqual({ title: expect.any(String), value: 'SB1003' });
    expect(res.data.orderDetail.productLogo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/assets\/logos\/101\.svg$/);
    const shows = new Set(res.data.orderList.map((o: { isShow: number }) => o.isShow));
    expect(shows).toEqual(new Set([0, 1]));
    expect((await sb.post('/user-problem/problem-init', {})).data.orderDetail.orderNo).toBe('SB1001');
    expect(await sb.post('/user-problem/problem-init', { orderId: 9999 })).toEqual({
      code: '404',
      message: expect.any(String),
      detail: 'orderId 9999 not found',
      data: null,
    });
    expect((await sb.post('/user-problem/problem-init', { orderId: 'abc' })).code).toBe('400');
  });

  it('problem-detail with and without a process result', async () => {
    const done = await sb.get('/user-problem/problem-detail', { problemId: 501 });
    expect(done).toMatchObject({
      code: '00',
      data: { problemId: 501, type: 'Collection', sonType: expect.any(String), isScore: 1 },
    });
    expect(done.data.disposeDetail).not.toBe('');
    expect(done.data).toHaveProperty('images');
    expect(done.data).toHaveProperty('disposeImages');
    const open = await sb.post('/user-problem/problem-detail', { problemId: 502 });
    expect(open.data).toMatchObject({ disposeDetail: '', disposeImages: [], isScore: 0, sonType: '' });
    expect((await sb.post('/user-problem/problem-detail', { problemId: 1 })).code).toBe('404');
    expect((await sb.post('/user-problem/problem-detail', {})).detail).toBe('problemId is required');
  });

  it('save-score takes 1-5 once per ratable complaint and stores it', async () => {
    const t = 'score-user';
    for (const score of ['0', '6', '2.5', 'five']) {
      const res = await sb.post('/user-problem/save-score', { score, problemId: 501 }, t);
      expect(res.code).toBe('400');
      expect(res.detail).toMatch(/^score/);
    }
    expect((await sb.post('/user-problem/save-score', { score: 4, problemId: 502 }, t)).code).toBe('409');
    expect((await sb.post('/user-problem/save-score', { score: 4, problemId: 999 }, t)).code).toBe('404');
    expect(await sb.post('/user-problem/save-score', { score: 4, problemId: 501 }, t)).toEqual({
      code: '00',
      message: 'success',
      data: null,
    });
    expect((await sb.post('/user-problem/problem-detail', { problemId: 501 }, t)).data.isScore).toBe(0);
    const again = await sb.post('/user-problem/save-score', { score: 5, problemId: 501 }, t);
    expect(again).toMatchObject({ code: '409', detail: expect.stringContaining('already rated') });
  });

  it('upload-problem-img stores an image and serves it back at data.url', async () => {
    const res = await upload(PNG);
    expect(res.code).toBe('00');
    expect(res.data.url).toMatch(/\/sandbox\/uploads\/[0-9a-f]{24}\.png$/);
    const img = await fetch(res.data.url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await sb.raw('/uploads/000000000000000000000000.png')).status).toBe(404);
  });

  it('upload-problem-img refuses non-images (by magic bytes), oversized files, wrong fields and non-multipart', async () => {
    const script = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/png',
    );
    expect(script).toEqual({
      code: '415',
      message: expect.any(String),
      detail: 'problemImage must be a PNG, JPEG, GIF or WebP image',
      data: null,
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(big)).toMatchObject({ code: '413', detail: 'image too large (max 5 MB)' });
    expect((await upload(PNG, 'image/png', 'file')).code).toBe('400');
    const plain = await sb.post('/user-problem/upload-problem-img', { problemImage: 'x' });
    expect(plain).toMatchObject({ code: '400', detail: expect.stringContaining('multipart/form-data') });
  });

  it('problem-save validates every field and a saved complaint appears in problem-list', async () => {
    const t = 'save-user';
    const url = (await upload(PNG)).data.url as string;
    const save = (fields: Record<string, string | number>) =>
      sb.post(
        '/user-problem/problem-save',
        {
          problemType: 2,
          problemSonType: '',
          problemDetail: 'Tagihan salah',
          problemImage: '',
          orderNo: 'SB1003',
          ...fields,
        },
        t,
      );

    expect(await save({ problemDetail: '   ' })).toMatchObject({
      code: '400',
      detail: 'problemDetail: Please fill in your comments and suggestions',
    });
    expect((await save({ problemDetail: 'x'.repeat(201) })).detail).toBe('problemDetail: must be 1 to 200 characters');
    expect((await save({ problemImage: Array(10).fill(url).join(',') })).detail).toBe('problemImage: at most 9 images');
    expect((await save({ problemImage: 'http://evil.example/x.png' })).detail).toMatch(/not an uploaded image/);
    expect(await save({ problemType: 1, problemSonType: '1', orderNo: 'SB1001' })).toEqual({
      code: '409',
      message: expect.any(String),
      detail: 'The selected order does not support sending collection types',
      data: null,
    });
    expect((await save({ problemType: 1 })).detail).toBe('problemSonType is required for problemType 1');
    expect((await save({ problemSonType: '1' })).detail).toMatch(/not a sub-type/);
    expect((await save({ orderNo: 'NOPE' })).code).toBe('404');
    expect((await save({ problemType: 42 })).code).toBe('400');
    // None of the failures above saved anything.
    const before = await sb.post('/user-problem/problem-list', {}, t);
    expect(before.data[0].list).toHaveLength(1);

    const ok = await save({
      problemType: 1,
      problemSonType: '3',
      problemDetail: 'Ditelepon jam 2 pagi',
      problemImage: `${url},${url}`,
    });
    expect(ok).toMatchObject({ code: '00', data: { problemId: expect.any(Number) } });
    const list = await sb.post('/user-problem/problem-list', {}, t);
    expect(list.data.map((tab: { key: string }) => tab.key)).toEqual(['processing', 'processed']);
    expect(list.data[0].list[0]).toEqual({
      id: ok.data.problemId,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      type: 'Collection',
      content: 'Ditelepon jam 2 pagi',
    });
    const detail = await sb.post('/user-problem/problem-detail', { problemId: ok.data.problemId }, t);
    expect(detail.data).toMatchObject({
      sonType: 'Calls at unreasonable hours',
      images: [url, url],
      isScore: 0,
      disposeDetail: '',
    });
    // Per token: another borrower does not see it.
    expect((await sb.post('/user-problem/problem-list', {}, 'other')).data[0].list).toHaveLength(1);
  });
});
