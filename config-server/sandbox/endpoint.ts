import type { Session } from './state.js';
import type { UploadStore } from './upload-store.js';
import type { Order, Product } from './seed.js';
import { seedMoney, type MarketSeed } from './market-seed.js';
import { notFound } from './envelope.js';

/** What a handler gets besides its validated input. */
export interface Ctx {
  session: Session;
  now: () => number;
  /** Common param `market` (ID when absent). */
  market: string;
  /** That market's data and words (market-seed.ts). */
  seed: MarketSeed;
  /** The market's customer-service phone: its published market document's, else the seed's. */
  servicePhone: string;
  /** Absolute URL of a path under the sandbox mount: `url('uploads/a.png')` → `http://host/sandbox/uploads/a.png`. */
  url(path: string): string;
  /** Absolute URL of a path of the app itself (same origin, outside the sandbox mount). */
  appUrl(path: string): string;
  uploads: UploadStore;
  /** Captcha sids issued by get-sid → captcha text. Shared by all tokens: the captcha <img> may carry no token. */
  sids: Map<string, string>;
  getTemplate(templateId: string): unknown | undefined;
}

/**
 * One backend call. `request` names its schema (`<area>#<endpoint>` in requests/). The handler
 * returns `data` for the success envelope or throws a SandboxError; it must check everything
 * before it changes the session, so a failing call changes nothing.
 */
export interface Endpoint {
  methods: ('GET' | 'POST')[];
  path: string;
  request: string;
  // Inputs are typed per handler after validation; `any` here keeps the registry a plain list.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handle(input: any, ctx: Ctx): unknown;
}

/** Server-side text data uses the backend's date format YYYY-MM-DD HH:MM:SS (UTC in the sandbox). */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A product of the caller's market. */
export function findProduct(productId: number, seed: MarketSeed): Product {
  const product = seed.products.find((p) => p.id === productId);
  if (!product) throw notFound(`productId ${productId} not found`);
  return product;
}

/** The recommended-product shape of spec §3. */
export function productView(p: Product, ctx: Ctx) {
  return {
    id: p.id,
    productLogo: ctx.url(p.logo),
    productName: p.productName,
    buttonStatus: p.buttonStatus,
    buttonText: p.buttonText,
    amountRange: p.amountRange,
    amountRangeDes: p.amountRangeDes,
    loan_rate: p.loan_rate,
    productDesc: p.productDesc,
    productTags: p.productTags,
  };
}

/** The order detail lines shared by complaint cards and loan details. */
export function orderRows(order: Order, seed: MarketSeed): { title: string; value: string }[] {
  const pending = order.periods.filter((x) => !x.paid);
  const w = seed.words.orderRows;
  return [
    { title: w.orderNo, value: order.orderNo },
    { title: w.amount, value: seedMoney(seed, order.amount) },
    { title: w.applied, value: order.applyTime },
    { title: w.due, value: pending[0]?.dueTime ?? '' },
  ];
}
