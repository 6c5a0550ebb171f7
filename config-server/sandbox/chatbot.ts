import { invalid, notFound } from './envelope.js';
import type { Endpoint } from './endpoint.js';
import { orderCard } from './complaints.js';
import type { QaNode } from './seed.js';
import type { MarketSeed } from './market-seed.js';
import { findOrderByNo, nextId, pushBounded } from './state.js';

const node = (seed: MarketSeed, id: number): QaNode => {
  const n = seed.qaTree.find((x) => x.id === id);
  if (!n) throw notFound(`qaId ${id} not found`);
  return n;
};
const answerView = ({ id, title_local, title_local_alias, action_type }: QaNode) => ({
  id,
  title_local,
  title_local_alias,
  action_type,
});

interface QaRecordInput {
  orderNo?: string;
  type: 1 | 2 | 3 | 4;
  value?: string;
  qaId?: number;
}

/**
 * Checks a qa-record by type and returns the server text the chatbot shows (reportResultData):
 * type 3 below 4 stars and type 4 get text, everything else null (4+ stars go to native rating).
 */
function qaRecordReply(input: QaRecordInput, seed: MarketSeed): string | null {
  const value = (input.value ?? '').trim();
  switch (input.type) {
    case 1:
      if (input.qaId === undefined) throw invalid('qaId is required for type 1');
      if (node(seed, input.qaId).action_type !== 4)
        throw invalid(`qaId ${input.qaId} is not an agent-jump answer (action_type 4)`);
      return null;
    case 2:
      if (input.qaId === undefined) throw invalid('qaId is required for type 2');
      node(seed, input.qaId);
      if (value !== '1' && value !== '2') throw invalid('value must be 1 (helpful) or 2 (not helpful) for type 2');
      return null;
    case 3: {
      if (!/^[1-5]$/.test(value)) throw invalid('value must be a score from 1 to 5 for type 3');
      return Number(value) < 4 ? seed.qa.lowScore : null;
    }
    case 4:
      if (value === '') throw invalid('value: the message must not be empty');
      return seed.qa.freeText;
  }
}

export const chatbotEndpoints: Endpoint[] = [
  {
    methods: ['POST'],
    path: '/h5-api/v3/user-problem/problem-init',
    request: 'complaints#v3-problem-init',
    handle(input: { orderNo?: string }, ctx) {
      const { orders } = ctx.session;
      const selected = input.orderNo ? findOrderByNo(ctx.session, input.orderNo) : orders[0];
      return {
        problemStatus: ctx.seed.problemTypes.slice(0, 4).map(({ value, title_local }) => ({ value, title_local })),
        orderDetail: selected ? orderCard(selected, ctx) : null,
        orderList: orders.map((o) => orderCard(o, ctx)),
      };
    },
  },
  {
    methods: ['GET', 'POST'],
    path: '/h5-api/v3/user-problem/get-qa-list',
    request: 'complaints#get-qa-list',
    handle(input: { orderNo?: string; pid: number }, ctx) {
      if (input.orderNo) findOrderByNo(ctx.session, input.orderNo);
      const question =
        input.pid === 0
          ? { id: 0, title_local: ctx.seed.qa.greeting }
          : { id: node(ctx.seed, input.pid).id, title_local: node(ctx.seed, input.pid).title_local };
      return { question, answerList: ctx.seed.qaTree.filter((n) => n.pid === input.pid).map(answerView) };
    },
  },
  {
    methods: ['POST'],
    path: '/h5-api/v3/user-problem/qa-record',
    request: 'complaints#qa-record',
    handle(input: QaRecordInput, ctx) {
      if (input.orderNo) findOrderByNo(ctx.session, input.orderNo);
      const reportResultData = qaRecordReply(input, ctx.seed);
      pushBounded(ctx.session.qaRecords, {
        type: input.type,
        value: (input.value ?? '').trim(),
        qaId: input.qaId ?? null,
        orderNo: input.orderNo || null,
        at: ctx.now(),
      });
      return { recordId: nextId(ctx.session), reportResultData };
    },
  },
];
