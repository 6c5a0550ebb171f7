import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Every exchange is checked against the OpenAPI description (config-server/openapi/check.ts).
import { checkedFetch as fetch } from '../openapi/check.js';
import { repoTextOf, startSandbox, type SandboxClient } from '../testing/sandbox-server.js';

describe('recommended products, product events and joint-login failure calls', () => {
  let sb: SandboxClient;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.close());

  it('recommend-product-list by scene, with tags and the scene module id', async () => {
    const res = await sb.post('/indah/v3/product/recommend-product-list', { scene: 'precise' });
    expect(res.data.moduleId).toBe(301);
    expect(res.data.list.map((p: { id: number }) => p.id)).toEqual([105, 101]);
    expect(Object.keys(res.data.list[0]).sort()).toEqual(
      [
        'amountRange',
        'amountRangeDes',
        'buttonStatus',
        'buttonText',
        'id',
        'loan_rate',
        'productDesc',
        'productLogo',
        'productName',
        'productTags',
      ].sort(),
    );
    expect(res.data.list[0].productTags.length).toBeGreaterThan(0);
    expect((await sb.post('/indah/v3/product/recommend-product-list', { scene: 'lucky-bag' })).data.moduleId).toBe(302);
    expect((await sb.post('/indah/v3/product/recommend-product-list', { scene: 'full' })).data.list).toEqual([]);
    expect((await sb.post('/indah/v3/product/recommend-product-list', { scene: '__proto__' })).detail).toMatch(
      /^scene must be one of home/,
    );
    expect((await sb.post('/indah/v3/product/recommend-product-list', {})).detail).toBe('scene is required');
  });

  it("a generic error answers the borrower in the market's language and the developer in detail", async () => {
    const texts = await startSandbox({ textOf: repoTextOf() });
    try {
      const missingScene = async (market?: string) => {
        const q = new URLSearchParams({ token: 'lang', ...(market ? { market } : {}) });
        return (
          await texts.raw(`/indah/v3/product/recommend-product-list?${q}`, {
            method: 'POST',
            body: new URLSearchParams(),
          })
        ).json();
      };
      const id = {
        code: 400,
        message: 'Data permintaan tidak lengkap atau tidak valid. Silakan coba lagi.',
        detail: 'scene is required',
        data: null,
      };
      expect(await missingScene('ID')).toEqual(id);
      expect(await missingScene()).toEqual(id); // no market: ID
      expect(await missingScene('IN')).toEqual({
        code: 400,
        message: 'The request is incomplete or not valid. Please try again.',
        detail: 'scene is required',
        data: null,
      });
      // A market without a published text set: the developer's words.
      expect(await missingScene('XX')).toEqual({
        code: 400,
        message: 'scene is required',
        detail: 'scene is required',
        data: null,
      });
      // The spec's business codes keep their messages and carry no detail.
      const sms = await texts.post(
        '/api/v2/youmi/promotion/get-sms',
        { phone: '13900001111', capcode: 'AAAA', sid: 'none' },
        'lang',
      );
      expect(sms).toEqual({ code: 101, message: 'image captcha wrong, please refresh it', data: null });
    } finally {
      await texts.close();
    }
  });

  it('pageEvent/save and service/event/save record events for known products', async () => {
    expect(await sb.post('/indah/pageEvent/save', { productId: 101, moduleId: 301, positionId: 0 })).toEqual({
      code: 0,
      message: 'success',
      data: null,
    });
    expect((await sb.post('/service/event/save', { productId: 101, moduleId: 30, positionId: 0 })).code).toBe(0);
    expect((await sb.post('/service/event/save', { productId: 5, moduleId: 30, positionId: 0 })).code).toBe(404);
    expect((await sb.post('/service/event/save', { productId: 101, moduleId: 30 })).detail).toBe(
      'positionId is required',
    );
  });

  it('product/apply returns data.url; a full product is refused', async () => {
    const res = await sb.post('/indah/v3/product/apply', { product_id: 103, module_id: 300, scene: 'home' });
    expect(res.data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pages\/product\?productId=103&from=apply$/);
    expect((await fetch(res.data.url)).status).toBe(200);
    expect((await sb.post('/indah/v3/product/apply', { product_id: 106, module_id: 300, scene: 'home' })).code).toBe(
      409,
    );
  });

  it('joint-login failure: list with status 0, click, jump link (http or native scheme)', async () => {
    const list = await sb.post('/joint/recommend-list', { allow: '1' });
    expect(list.status).toBe(0);
    expect(list.data).toMatchObject({ errorText: expect.any(String), noticeText: expect.any(String) });
    const states = list.data.list.map((p: { state: number }) => p.state);
    expect(states).toContain(0);
    expect(states).toContain(1);
    expect(await sb.post('/joint/click', { productId: 101 })).toEqual({ status: 0, message: 'success', data: null });
    const blocked = await sb.post('/joint/click', { productId: 104 });
    expect(blocked).toEqual({
      status: 409,
      message: expect.any(String),
      detail: 'Uang Mudah is not available now',
      data: null,
    });
    expect((await sb.post('/joint/jump-link', { productId: 101 })).data.url).toMatch(/^http:\/\//);
    expect((await sb.post('/joint/jump-link', { productId: 102 })).data.url).toBe(
      'cashloan://product/detail?productId=102',
    );
    expect((await sb.post('/joint/jump-link', { productId: 104 })).status).toBe(409);
    expect((await sb.post('/joint/jump-link', {})).status).toBe(400);
  });
});
