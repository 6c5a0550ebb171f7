import { TERM_UNIT_CODES } from './answer-style.js';
import { conflict, invalid, notFound } from './envelope.js';
import { findProduct, formatTime, type Endpoint } from './endpoint.js';
import { formatAmount } from './answer-style.js';
import { CONTRACTS, LOAN_DETAILS_PATH, SERVICE_PHONE, type Order, type Product } from './seed.js';
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
function offer(p: Product, now: number) {
  const total = p.interest !== undefined ? p.amount + p.interest : Math.round(p.amount * (1 + 0.001 * p.days));
  const share = Math.round(total / INSTALMENTS);
  const firstPeriodDay = Math.round(p.days / INSTALMENTS);
  const due = (i: number) => formatTime(now + (i + 1) * firstPeriodDay * DAY_MS).slice(0, 10);
  return {
    total,
    plans: Array.from({ length: INSTALMENTS }, (_, i) => ({
      title: `Periode ${i + 1}`,
      amount: i === INSTALMENTS - 1 ? total - share * (INSTALMENTS - 1) : share,
      description: 'Pokok + bunga',
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
      const p = findProduct(input.productId);
      const o = offer(p, ctx.now());
      const popUrl = p.popAgreement ? ctx.url(`pages/contract?productId=${p.id}&position=1`) : '';
      return {
        productLogo: ctx.url(p.logo),
        productName: p.productName,
        amount: p.amount,
        periods: p.days,
        termUnit: TERM_UNIT,
        details: [
          { text: 'Jumlah pinjaman', value: `Rp${formatAmount(p.amount)}` },
          { text: 'Bunga', value: `Rp${formatAmount(o.total - p.amount)}` },
          { text: 'Total pembayaran', value: `Rp${formatAmount(o.total)}` },
        ],
        repay_plans: o.plans,
        firstPayTime: o.firstPayTime,
        firstPeriodDay: o.firstPeriodDay,
        pRateDsc: `Suku bunga ${p.loan_rate}`,
        sendSms: 0,
        isPopType: p.popAgreement ? 1 : 0,
        popContent: p.popAgreement ? 'Baca dan setujui perjanjian pinjaman sebelum melanjutkan.' : '',
        popTitle: p.popAgreement ? 'Perjanjian Pinjaman' : '',
        popAgreementUrl: popUrl,
        note: 'Pelunasan lebih awal dapat dilakukan setelah setengah tenor dan minimal 7 hari setelah pencairan.',
        sp_rate: p.loan_rate,
        detail1: `Tenor ${p.days} hari`,
        detail2: `${INSTALMENTS} kali cicilan`,
      };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/contract/contract',
    request: 'loans#contract',
    handle(input: { productId: number }) {
      findProduct(input.productId);
      return CONTRACTS;
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/contract/contract-jump',
    request: 'loans#contract-jump',
    handle(input: { productId: number; position: number; orderId?: number }, ctx) {
      findProduct(input.productId);
      if (!CONTRACTS.some((c) => c.position === input.position))
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
      const p = findProduct(input.productId);
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
        telephone: SERVICE_PHONE,
        periods: [],
        delay: null,
      };
      s.orders.push(order);
      return { lendDetailsUrl: ctx.appUrl(`${LOAN_DETAILS_PATH}?productId=${p.id}&orderId=${orderId}`), orderId };
    },
  },
];
