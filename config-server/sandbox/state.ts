import { REGISTERED_PHONE, type BankCard, type Order, type Problem } from './seed.js';
import { seedOf, type MarketSeed } from './market-seed.js';
import { notFound } from './envelope.js';
import type { RepayTarget } from './ledger.js';

/** A repayment started by repayment-commit; applied at commit (needValid 0) or at confirm (needValid 1). */
export interface RepayRecord {
  id: string;
  orderId: number;
  amount: number;
  /** What the amount pays: the named periods, or the extension fee. */
  target: RepayTarget;
  cardId: number;
  status: 'awaiting-code' | 'done';
}

/** Everything one borrower (one token in one market) can change. Starts as a deep copy of the market's seed. */
export interface Session {
  orders: Order[];
  problems: Problem[];
  cards: BankCard[];
  repayTokens: Map<string, number>;
  repayRecords: Map<string, RepayRecord>;
  qaRecords: { type: number; value: string; qaId: number | null; orderNo: string | null; at: number }[];
  events: { name: string; payload: Record<string, unknown>; at: number }[];
  googleScore: number | null;
  registered: Set<string>;
  /** Last SMS sent per phone (registration). */
  sms: Map<string, { code: string; sentAt: number }>;
  counter: number;
  /** Answers forced by a test (forced-failures.ts): sandbox path → the failure its next calls get. */
  forced: Map<string, { code: number; message: string; times: number }>;
  /** Virtual accounts issued by generate-vcode: code → what paying it settles (see virtual-account.ts). */
  vaCodes: Map<string, { orderId: number; target: RepayTarget }>;
}

/** Caps keep a flood of random tokens from growing memory without bound (oldest session goes first). */
const MAX_SESSIONS = 1000;
const MAX_LOG = 500;

export function newSession(seed: MarketSeed = seedOf('ID')): Session {
  return {
    orders: structuredClone(seed.orders),
    problems: structuredClone(seed.problems),
    cards: structuredClone(seed.bankCards),
    repayTokens: new Map(),
    repayRecords: new Map(),
    qaRecords: [],
    events: [],
    googleScore: null,
    registered: new Set([REGISTERED_PHONE]),
    sms: new Map(),
    counter: 0,
    forced: new Map(),
    vaCodes: new Map(),
  };
}

export class SandboxState {
  private sessions = new Map<string, Session>();

  /**
   * The session of a token in a market (each market's backend has its own borrowers); a missing or empty token is
   * the shared "anonymous" session.
   */
  session(token: unknown, market = 'ID'): Session {
    const key = `${market}|${typeof token === 'string' && token.trim() !== '' ? token.slice(0, 200) : 'anonymous'}`;
    let s = this.sessions.get(key);
    if (s) {
      // Re-insert so the map's order is least-recently-used first.
      this.sessions.delete(key);
    } else {
      s = newSession(seedOf(market));
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    }
    this.sessions.set(key, s);
    return s;
  }
}

/** Appends to a bounded log (events, QA records). */
export function pushBounded<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_LOG) list.splice(0, list.length - MAX_LOG);
}

export function nextId(s: Session): number {
  s.counter += 1;
  return s.counter;
}

export function findOrder(s: Session, orderId: number): Order {
  const order = s.orders.find((o) => o.orderId === orderId);
  if (!order) throw notFound(`orderId ${orderId} not found`);
  return order;
}

export function findOrderByNo(s: Session, orderNo: string): Order {
  const order = s.orders.find((o) => o.orderNo === orderNo);
  if (!order) throw notFound(`orderNo ${orderNo} not found`);
  return order;
}

/** An order addressed by productId + orderId, as the loan screens do: both must agree. */
export function findProductOrder(s: Session, productId: number, orderId: number): Order {
  const order = findOrder(s, orderId);
  if (order.productId !== productId) throw notFound(`orderId ${orderId} does not belong to productId ${productId}`);
  return order;
}
