import { conflict } from './envelope.js';
import { findProduct, type Ctx, type Endpoint } from './endpoint.js';
import { pushBounded } from './state.js';

/** Joint-login failure screen: envelope `{status, message, data}` (see envelope.ts), form POSTs. */
function tappable(productId: number, ctx: Ctx) {
  const p = findProduct(productId, ctx.seed);
  if (p.jointState === 0) throw conflict(`${p.productName} is not available now`);
  return p;
}

export const jointLoginEndpoints: Endpoint[] = [
  {
    methods: ['POST'],
    path: '/joint/recommend-list',
    request: 'service#joint-list',
    handle(_input: { allow?: string }, ctx) {
      return {
        errorText: ctx.seed.words.joint.error,
        noticeText: ctx.seed.words.joint.notice,
        list: ctx.seed.products.map((p) => ({
          id: p.id,
          productLogo: ctx.url(p.logo),
          productName: p.productName,
          amountRange: p.amountRange,
          loan_rate: p.loan_rate,
          productDesc: p.productDesc,
          state: p.jointState,
        })),
      };
    },
  },
  {
    methods: ['POST'],
    path: '/joint/click',
    request: 'service#joint-product',
    handle(input: { productId: number }, ctx) {
      tappable(input.productId, ctx);
      pushBounded(ctx.session.events, { name: 'jointClick', payload: { productId: input.productId }, at: ctx.now() });
      return null;
    },
  },
  {
    methods: ['POST'],
    path: '/joint/jump-link',
    request: 'service#joint-product',
    handle(input: { productId: number }, ctx) {
      const p = tappable(input.productId, ctx);
      // A link starting with http opens in the page; anything else goes to the native bridge.
      const url =
        p.jumpLink === 'page'
          ? ctx.url(`pages/product?productId=${p.id}&from=joint`)
          : `cashloan://product/detail?productId=${p.id}`;
      return { url };
    },
  },
];
