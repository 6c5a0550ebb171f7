import { conflict } from './envelope.js';
import { findProduct, orderRows, type Ctx, type Endpoint } from './endpoint.js';
import type { Order, Period } from './seed.js';
import { seedMoney, type MarketSeed } from './market-seed.js';
import { findProductOrder } from './state.js';

/** periodStatus: 500 is the overdue one, shown in its own colour; 100 pending, 200 paid are sandbox values. */
const periodStatus = (p: Period) => (p.paid ? 200 : p.overdue ? 500 : 100);
const repayDes = (p: Period, w: MarketSeed['words']) =>
  p.paid ? w.period.paid : p.overdue ? w.period.overdue : w.period.unpaid;

function planView(order: Order, seed: MarketSeed) {
  const pending = order.periods.filter((p) => !p.paid);
  const view = (p: Period) => ({
    periodNo: p.periodNo,
    totalAmount: p.totalAmount,
    // Only the first pending period can be picked alone (spec §4).
    canClick: p === pending[0] ? 1 : 0,
    periodStatus: periodStatus(p),
    repayDes: repayDes(p, seed.words),
    dueTime: p.dueTime,
  });
  return { pending: pending.map(view), paid: order.periods.filter((p) => p.paid).map(view) };
}

/** Recommended products on loan details; the button-state names are the backend's scrambled ones. */
function recProducts(order: Order, ctx: Ctx) {
  return ctx.seed.scenes.home.productIds
    .filter((id) => id !== order.productId)
    .slice(0, 3)
    .map((id) => ctx.seed.products.find((p) => p.id === id)!)
    .map((p) => ({
      id: p.id,
      productLogo: ctx.url(p.logo),
      productName: p.productName,
      pLabel: p.productTags[0] ?? '',
      pRange: p.amountRange,
      pDesc: p.productDesc,
      pRate: p.loan_rate,
      bState: p.buttonStatus,
      bText: p.buttonText,
    }));
}

export const loanEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: '/v3/installment/loan-play-detail',
    request: 'loans#order',
    handle(input: { productId: number; orderId: number }, ctx) {
      const order = findProductOrder(ctx.session, input.productId, input.orderId);
      const plan = planView(order, ctx.seed);
      return {
        productName: findProduct(order.productId, ctx.seed).productName,
        repayWaitCount: plan.pending.length,
        note: ctx.seed.words.planNote,
        repayPlanDetail: { repayWaitDetail: plan.pending, repayYetDetail: plan.paid },
      };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-details/delay-detail',
    request: 'loans#order',
    handle(input: { productId: number; orderId: number }, ctx) {
      const order = findProductOrder(ctx.session, input.productId, input.orderId);
      if (order.isDelay !== '1' || !order.delay) throw conflict(`orderId ${order.orderId} cannot be extended`);
      const product = findProduct(order.productId, ctx.seed);
      const next = order.periods.find((p) => !p.paid);
      const w = ctx.seed.words.delay;
      return {
        productName: product.productName,
        productLogo: ctx.url(product.logo),
        delayShouldPayAmount: order.delay.fee,
        delayExpiryTime: order.delay.expiry,
        orderDetail: {
          detail: [
            { title: w.fee, value: seedMoney(ctx.seed, order.delay.fee) },
            { title: w.length, value: w.days(order.delay.days) },
            { title: w.due, value: next?.dueTime ?? '' },
            // Zero and empty lines are sent as a real backend does; the screen hides them.
            { title: w.penalty, value: '0' },
            { title: w.discount, value: '' },
          ],
        },
        telephone: order.telephone,
      };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-details/loan-details',
    request: 'loans#order',
    handle(input: { productId: number; orderId: number }, ctx) {
      const order = findProductOrder(ctx.session, input.productId, input.orderId);
      const product = findProduct(order.productId, ctx.seed);
      const [statusText, desText] = ctx.seed.statusText[order.orderStatus] ?? ['', ''];
      const owed = order.periods.filter((p) => !p.paid).reduce((sum, p) => sum + p.totalAmount, 0);
      return {
        orderStatus: order.orderStatus,
        noticeStatusText: statusText,
        noticeDesText: desText,
        recProducts: recProducts(order, ctx),
        productName: product.productName,
        productLogo: ctx.url(product.logo),
        userOrderDetail: { detail: orderRows(order, ctx.seed) },
        inside: 1,
        h5Url: ctx.url(`pages/product?productId=${product.id}`),
        isDelay: order.isDelay,
        telephone: order.telephone || ctx.servicePhone,
        isScore: order.isScore,
        playeduL: '',
        reyMsg: owed > 0 ? ctx.seed.words.owed(seedMoney(ctx.seed, owed)) : '',
      };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-details/google-score',
    request: 'loans#google-score',
    handle(input: { score: number }, ctx) {
      const s = ctx.session;
      s.googleScore = input.score;
      // The app was rated: no loan screen asks again.
      for (const o of s.orders) o.isScore = 0;
      return null;
    },
  },
];
