import { randomBytes } from 'node:crypto';
import { CODES, SandboxError, invalid, notFound } from './envelope.js';
import type { Endpoint } from './endpoint.js';
import { applyRepayment, canApply, resolveTarget } from './ledger.js';
import { SMS_CODE } from './seed.js';
import { findOrder, nextId, type RepayRecord, type Session } from './state.js';

const BASE = '/api/v1/youmi/youmi-api/service/loan';
const MAX_TOKENS = 100;

interface CommitInput {
  /** Digits only (validated); a string so '350.000' cannot pass as 350. */
  amount: string;
  bankName?: string;
  cardId: number;
  cardNo?: string;
  couponId?: string;
  orderId: number;
  repayToken: string;
  bankCode?: string;
  sendMsg?: string;
}

function checkCard(s: Session, input: CommitInput) {
  const card = s.cards.find((c) => c.id === input.cardId);
  if (!card) throw notFound(`cardId ${input.cardId} not found`);
  // Fields the client echoes must describe the same card: a mismatch means a stale or forged form.
  if (input.cardNo && input.cardNo.replace(/\s/g, '') !== card.cardNo)
    throw invalid(`cardNo does not match cardId ${card.id}`);
  if (input.bankCode && input.bankCode !== card.bankCode) throw invalid(`bankCode does not match cardId ${card.id}`);
  if (input.bankName && input.bankName !== card.bankName) throw invalid(`bankName does not match cardId ${card.id}`);
  return card;
}

export const REPEATED_REPAYMENT_MESSAGE = 'do not submit repayment request repeatedly';
const repeated = () => new SandboxError(CODES.REPEATED_REPAYMENT, REPEATED_REPAYMENT_MESSAGE);

export const repaymentEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: `${BASE}/repayment-way`,
    request: 'repayment#repayment-way',
    handle(input: { orderId: number }, ctx) {
      const s = ctx.session;
      findOrder(s, input.orderId);
      const repayToken = randomBytes(16).toString('hex');
      s.repayTokens.set(repayToken, input.orderId);
      if (s.repayTokens.size > MAX_TOKENS) s.repayTokens.delete(s.repayTokens.keys().next().value!);
      return {
        alipay: 1,
        repayToken,
        bankCards: s.cards.map(({ id, bankName, cardNo, bankCode }) => ({ id, bankName, cardNo, bankCode })),
      };
    },
  },
  {
    methods: ['POST'],
    path: `${BASE}/repayment-commit`,
    request: 'repayment#repayment-commit',
    handle(input: CommitInput, ctx) {
      const s = ctx.session;
      const order = findOrder(s, input.orderId);
      if (s.repayTokens.get(input.repayToken) !== order.orderId)
        throw invalid('repayToken is not valid for this order: call repayment-way again');
      if (input.couponId && input.couponId !== '0') throw notFound(`couponId ${input.couponId} not found`);
      const card = checkCard(s, input);
      const amount = Number(input.amount);
      const target = resolveTarget(order, amount);
      if (!canApply(order, target)) throw repeated();
      const record: RepayRecord = {
        id: `RR${1000 + nextId(s)}`,
        orderId: order.orderId,
        amount,
        target,
        cardId: card.id,
        status: card.needValid === 1 ? 'awaiting-code' : 'done',
      };
      // A card without SMS verification pays at once; the other waits for repayment-confirm.
      if (record.status === 'done') applyRepayment(order, target, s.googleScore !== null);
      s.repayRecords.set(record.id, record);
      s.repayTokens.delete(input.repayToken);
      return { needValid: card.needValid, repayRecordId: record.id };
    },
  },
  {
    methods: ['POST'],
    path: `${BASE}/repayment-confirm`,
    request: 'repayment#repayment-confirm',
    handle(input: { orderId: number; verifyCode: string; repaymentRecordId: string }, ctx) {
      const s = ctx.session;
      const order = findOrder(s, input.orderId);
      const record = s.repayRecords.get(input.repaymentRecordId);
      if (!record) throw notFound(`repaymentRecordId ${input.repaymentRecordId} not found`);
      if (record.orderId !== order.orderId) throw invalid(`repaymentRecordId ${record.id} belongs to another order`);
      if (record.status === 'done') throw repeated();
      if (input.verifyCode.trim() !== SMS_CODE)
        throw new SandboxError(CODES.VERIFY_CODE_WRONG, 'verification code wrong');
      if (!canApply(order, record.target)) throw repeated();
      applyRepayment(order, record.target, s.googleScore !== null);
      record.status = 'done';
      return { repayRecordId: record.id, orderStatus: order.orderStatus };
    },
  },
  {
    methods: ['POST'],
    path: `${BASE}/repayment-huichao`,
    request: 'repayment#repayment-huichao',
    handle(input: { userId?: string; orderId: number; amount: string }, ctx) {
      const order = findOrder(ctx.session, input.orderId);
      const amount = Number(input.amount);
      resolveTarget(order, amount);
      const q = new URLSearchParams({ orderId: String(order.orderId), amount: String(amount) });
      return { url: ctx.url(`pages/huichao?${q}`) };
    },
  },
];
