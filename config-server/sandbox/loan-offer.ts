import { TERM_UNIT_CODES } from './answer-style.js';
import { conflict, invalid, notFound } from './envelope.js';
import { findProduct, formatTime, type Endpoint } from './endpoint.js';
import { LOAN_DETAILS_PATH, type Order, type Product } from './seed.js';
import { seedMoney, type MarketSeed } from './market-seed.js';
import { nextId } from './state.js';

const TERM_UNIT = 'day';
/** Term units loan-detail-push accepts back: the word of the 'plain' style and the code of the 'strings' one. */
const ACCEPTED_TERM_UNITS = [TERM_UNIT, TERM_UNIT_CODES[TERM_UNIT]];
const INSTALMENTS = 3;
const DAY_MS = 86_400_000;

/**
 * The offer a product makes: the amount over `days` days in three instalments, with the product's total
 * `interest` or else 0.1% daily interest; the last instalment takes the rounding.
 */
function offer(p: Product, now: number, seed: MarketSeed) {
  const total = p.interest !== undefined ? p.amount + p.interest : Math.round(p.amount * (1 + 0.001 * p.days));
  const share = Math.round(total / INSTALMENTS);
  const firstPeriodDay = Math.round(p.days / INSTALMENTS);
  const due = (i: number) => formatTime(now + (i + 1) * firstPeriodDay * DAY_MS).slice(0, 10);
  return {
    total,
    plans: Array.from({ length: INSTALMENTS }, (_, i) => ({
      title: seed.words.offer.period(i + 1),
      amount: i === INSTALMENTS - 1 ? total - share * (INSTALMENTS - 1) : share,
      description: seed.words.offer.periodDesc,
      pay_time: due(i),
    })),
    firstPeriodDay,
    firstPayTime: due(0),
  };
}

/** Loan confirmation, agreements and loan creation (/v3/loan-confirm/*, /v3/contract/*). */
export const loanOfferEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-confirm/loan-detail-confirm',
    request: 'loans#product',
    handle(input: { productId: number }, ctx) {
      const p = findProduct(input.productId, ctx.seed);
      const o = offer(p, ctx.now(), ctx.seed);
      const w = ctx.seed.words.offer;
      const money = (n: number) => seedMoney(ctx.seed, n);
      const popUrl = p.popAgreement ? ctx.url(`pages/contract?productId=${p.id}&position=1`) : '';
      return {
        productLogo: ctx.url(p.logo),
        productName: p.productName,
        amount: p.amount,
        periods: p.days,
        termUnit: TERM_UNIT,
        details: [
          { text: w.amount, value: money(p.amount) },
          { text: w.interest, value: money(o.total - p.amount) },
          { text: w.total, value: money(o.total) },
        ],
        repay_plans: o.plans,
        firstPayTime: o.firstPayTime,
        firstPeriodDay: o.firstPeriodDay,
        pRateDsc: w.rate(p.loan_rate),
        sendSms: 0,
        isPopType: p.popAgreement ? 1 : 0,
        popContent: p.popAgreement ? w.popContent : '',
        popTitle: p.popAgreement ? w.popTitle : '',
        popAgreementUrl: popUrl,
        note: w.note,
        sp_rate: p.loan_rate,
        detail1: w.term(p.days),
        detail2: w.instalments(INSTALMENTS),
      };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/contract/contract',
    request: 'loans#contract',
    handle(input: { productId: number }, ctx) {
      findProduct(input.productId, ctx.seed);
      return ctx.seed.contracts;
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/contract/contract-jump',
    request: 'loans#contract-jump',
    handle(input: { productId: number; position: number; orderId?: number }, ctx) {
      findProduct(input.productId, ctx.seed);
      if (!ctx.seed.contracts.some((c) => c.position === input.position))
        throw notFound(`position ${input.position} is not an agreement of scene 3`);
      if (input.orderId) {
        const order = ctx.session.orders.find((o) => o.orderId === input.orderId);
        if (!order || order.productId !== input.productId)
          throw notFound(`orderId ${input.orderId} not found for productId ${input.productId}`);
      }
      return { contract_url: ctx.url(`pages/contract?productId=${input.productId}&position=${input.position}`) };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-confirm/loan-detail-push',
    request: 'loans#loan-detail-push',
    handle(input: { amount: string; periods: number; termUnit: string; productId: number }, ctx) {
      const p = findProduct(input.productId, ctx.seed);
      if (p.buttonStatus === 0) throw conflict(`productId ${p.id} is full today: try again tomorrow`);
      if (Number(input.amount) !== p.amount) throw invalid(`amount must be the offered amount ${p.amount}`);
      if (input.periods !== p.days || !ACCEPTED_TERM_UNITS.includes(input.termUnit)) {
        throw invalid(
          `periods/termUnit must be the offered term ${p.days} ${TERM_UNIT} (termUnit ${ACCEPTED_TERM_UNITS.map((u) => `'${u}'`).join(' or ')})`,
        );
      }
      const s = ctx.session;
      const orderId = 2000 + nextId(s);
      const order: Order = {
        orderId,
        orderNo: `SB${orderId}`,
        productId: p.id,
        orderStatus: 21,
        isShow: 0,
        isDelay: '0',
        isScore: 0,
        amount: p.amount,
        applyTime: formatTime(ctx.now()),
        telephone: ctx.seed.orderPhone,
        periods: [],
        delay: null,
      };
      s.orders.push(order);
      return { lendDetailsUrl: ctx.appUrl(`${LOAN_DETAILS_PATH}?productId=${p.id}&orderId=${orderId}`), orderId };
    },
  },
];
