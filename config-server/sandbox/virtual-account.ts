import { CODES, SandboxError, invalid, notFound } from './envelope.js';
import type { Endpoint } from './endpoint.js';
import { applyRepayment, canApply, resolveTarget } from './ledger.js';
import { REPEATED_REPAYMENT_MESSAGE } from './repayment.js';
import type { MarketSeed } from './market-seed.js';
import { findOrder, findProductOrder } from './state.js';

const MAX_VA_CODES = 50;

interface VcodeInput {
  productId: number;
  orderId: number;
  amount: string;
  payCode: string;
  pay_type: 1 | 2;
  is_default?: 0 | 1;
  is_display?: 0 | 1;
  specific_num?: string;
}

function payChannel(payType: 1 | 2, payCode: string, seed: MarketSeed) {
  if (payType === 1) {
    const bank = seed.payBanks.find((b) => b.bankCode === payCode);
    if (!bank)
      throw invalid(
        `payCode ${payCode} is not a bank of pay_type 1 (${seed.payBanks.map((b) => b.bankCode).join(', ')})`,
      );
    return {
      name: bank.bankName,
      steps: bank.method.map((m, i) => `${i + 1}. ${seed.words.bankSteps(m)}`),
    };
  }
  // The screens' fallback list (the market's defaultMiniMarkets) names a market, not its code.
  const market = seed.payMarkets.find((m) => m.code === payCode || m.name === payCode);
  if (!market)
    throw invalid(
      `payCode ${payCode} is not a mini market of pay_type 2 (${seed.payMarkets.map((m) => m.code).join(', ')})`,
    );
  return {
    name: market.name,
    steps: seed.words.marketSteps(market.name),
  };
}

/** Virtual-account calls of the pay-type / 'Pelunasan' screens (/v3/loan-details/*). */
export const virtualAccountEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-details/init-pay-type',
    request: 'repayment#init-pay-type',
    handle(input: { productId: number; orderId: number; pay_type: 1 | 2 }, ctx) {
      findProductOrder(ctx.session, input.productId, input.orderId);
      if (input.pay_type === 1) {
        return {
          payType: 1,
          list: ctx.seed.payBanks.map((b) => ({
            bankName: b.bankName,
            bankCode: b.bankCode,
            method: b.method.map((name, i) => ({ name, specificNum: String(i + 1) })),
          })),
        };
      }
      return { payType: 2, list: ctx.seed.payMarkets };
    },
  },
  {
    methods: ['POST', 'GET'],
    path: '/v3/loan-details/generate-vcode',
    request: 'repayment#generate-vcode',
    handle(input: VcodeInput, ctx) {
      const order = findProductOrder(ctx.session, input.productId, input.orderId);
      const amount = Number(input.amount);
      const target = resolveTarget(order, amount);
      if (input.is_display === 1 && target.kind !== 'delay')
        throw invalid(`amount must be the extension fee in the delay flow (is_display 1)`);
      const channel = payChannel(input.pay_type, input.payCode, ctx.seed);
      // Deterministic code: the same order, amount and channel always give the same virtual account.
      const vcode = `8808${String(order.orderId).padStart(6, '0')}${String(amount % 1_000_000).padStart(6, '0')}`;
      const codes = ctx.session.vaCodes;
      if (codes.size >= MAX_VA_CODES && !codes.has(vcode)) codes.delete(codes.keys().next().value!);
      codes.set(vcode, { orderId: order.orderId, target });
      return {
        amount,
        vcode,
        cardNo: vcode,
        payType: input.pay_type,
        payCode: input.payCode,
        payName: channel.name,
        payStep: channel.steps,
        specificNum: input.specific_num ?? '',
        telephone: order.telephone || ctx.servicePhone,
      };
    },
  },
  {
    // The bank's side: a borrower paid this virtual account (tests call it as the bank's notification would).
    methods: ['POST'],
    path: '/sandbox-ext/virtual-account/pay',
    request: 'sandbox-ext#va-pay',
    handle(input: { vcode: string }, ctx) {
      const s = ctx.session;
      const va = s.vaCodes.get(input.vcode);
      if (!va) throw notFound(`vcode ${input.vcode} was not issued to this session`);
      const order = findOrder(s, va.orderId);
      if (!canApply(order, va.target)) throw new SandboxError(CODES.REPEATED_REPAYMENT, REPEATED_REPAYMENT_MESSAGE);
      applyRepayment(order, va.target, s.googleScore !== null);
      s.vaCodes.delete(input.vcode);
      return { orderId: order.orderId, orderStatus: order.orderStatus };
    },
  },
];
