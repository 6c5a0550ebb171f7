import { invalid } from './envelope.js';
import type { Endpoint } from './endpoint.js';
import { nextId } from './state.js';

const MAX_CARDS = 10;

/**
 * Binding a bank card (the add-card screen of the payway flow). The real backend's path is scrambled and
 * not known from the real backend, so these two are the sandbox's own; the API map names them like any other call.
 */
export const bankCardEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: '/sandbox-ext/bank-card/banks',
    request: 'sandbox-ext#banks',
    handle(_input: unknown, ctx) {
      return { list: ctx.seed.cardBanks };
    },
  },
  {
    methods: ['POST'],
    path: '/sandbox-ext/bank-card/add',
    request: 'sandbox-ext#add-card',
    handle(input: { cardHolder: string; cardNo: string; bankCode: string }, ctx) {
      const s = ctx.session;
      const bank = ctx.seed.cardBanks.find((b) => b.bankCode === input.bankCode);
      if (!bank)
        throw invalid(
          `bankCode ${input.bankCode} is not one of ${ctx.seed.cardBanks.map((b) => b.bankCode).join(', ')}`,
        );
      const cardNo = input.cardNo.replace(/\s/g, '');
      if (s.cards.some((c) => c.cardNo === cardNo)) throw invalid('this card is already bound');
      if (s.cards.length >= MAX_CARDS) throw invalid(`at most ${MAX_CARDS} cards can be bound`);
      // A newly bound card asks for an SMS code on payment, like the seed's first card.
      const card = {
        id: 100 + nextId(s),
        bankName: bank.bankName,
        cardNo,
        bankCode: bank.bankCode,
        needValid: 1 as const,
      };
      s.cards.push(card);
      return {
        id: card.id,
        bankName: card.bankName,
        cardNo: card.cardNo,
        bankCode: card.bankCode,
      };
    },
  },
];
