import type { Session } from './state.js';
import type { UploadStore } from './upload-store.js';
import { PRODUCTS, type Order, type Product } from './seed.js';
import { notFound } from './envelope.js';
import { formatAmount } from './answer-style.js';

/** What a handler gets besides its validated input. */
export interface Ctx {
  session: Session;
  now: () => number;
  /** Common param `market` (ID when absent). */
  market: string;
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

/** Amounts are shown with a period as thousands separator (spec §9); it lives with the answer styles that use it too. */

export function findProduct(productId: number): Product {
  const product = PRODUCTS.find((p) => p.id === productId);
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
export function orderRows(order: Order): { title: string; value: string }[] {
  const pending = order.periods.filter((x) => !x.paid);
  return [
    { title: 'Nomor pesanan', value: order.orderNo },
    { title: 'Jumlah pinjaman', value: `Rp${formatAmount(order.amount)}` },
    { title: 'Waktu pengajuan', value: order.applyTime },
    { title: 'Jatuh tempo', value: pending[0]?.dueTime ?? '' },
  ];
}
