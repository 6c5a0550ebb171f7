/** The shape of a market's sandbox seed (market-seed.ts): its data and the words of its ready-made text. */
import type { BankCard, Order, Problem, Product, QaNode, SCENES } from './seed.js';

/** The words a handler writes into its answers (titles, status lines, steps), in the market's language. */
export interface SeedWords {
  /** `lang` of the sandbox's own pages (agreement, payment, product). */
  lang: string;
  period: { paid: string; overdue: string; unpaid: string };
  planNote: string;
  delay: { fee: string; length: string; days: (n: number) => string; due: string; penalty: string; discount: string };
  orderRows: { orderNo: string; amount: string; applied: string; due: string };
  owed: (money: string) => string;
  offer: {
    period: (n: number) => string;
    periodDesc: string;
    amount: string;
    interest: string;
    total: string;
    rate: (rate: string) => string;
    popContent: string;
    popTitle: string;
    note: string;
    term: (days: number) => string;
    instalments: (n: number) => string;
  };
  joint: { error: string; notice: string };
  bankSteps: (method: string) => string;
  marketSteps: (name: string) => string[];
  pages: {
    payment: string;
    paymentOrder: (orderId: string, money: string) => string;
    paymentNote: string;
    product: (name: string) => string;
    contract: string;
  };
}

export interface MarketSeed {
  /** The market's number format (its market document's `number`): pre-formatted amounts and 'strings' answers. */
  number: { locale: string };
  currencySymbol: string;
  /** Customer-service phone when the published market document names none (it normally does). */
  servicePhone: string;
  /** The phone a new or seeded order carries ('' leaves it to the answer's fallback: the market's phone). */
  orderPhone: string;
  products: Product[];
  scenes: typeof SCENES;
  orders: Order[];
  problems: Problem[];
  bankCards: BankCard[];
  statusText: Record<number, [string, string]>;
  problemTypes: { value: number; title: string; title_local: string }[];
  problemSonTypes: { value: number; title: string }[];
  qaTree: QaNode[];
  qa: { greeting: string; lowScore: string; freeText: string };
  payBanks: { bankName: string; bankCode: string; method: string[] }[];
  cardBanks: { bankName: string; bankCode: string }[];
  payMarkets: { name: string; code: string }[];
  contracts: { position: number; title: string }[];
  words: SeedWords;
}
