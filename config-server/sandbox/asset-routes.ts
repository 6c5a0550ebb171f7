import { Router, type Request, type Response } from 'express';
import { CODES, errorBody } from './envelope.js';
import { seedMoney, seedOf, type MarketSeed } from './market-seed.js';
import { DEFAULT_MARKET } from '../../renderer/core/index.js';
import { captchaSvg, logoSvg } from './svg.js';
import { escapeHtml } from '../http/escape-html.js';

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // These pages stand in for third parties (payment provider, agreement host, product site): no script at all.
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
};

function page(lang: string, title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;margin:16px;line-height:1.5;color:#1f2933}</style></head>
<body><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`;
}

/** The seed of a page's `market` query (the sandbox's URLs carry it), as its answers are. */
const seedOfQuery = (q: Record<string, string>): MarketSeed => seedOf((q.market ?? DEFAULT_MARKET).toUpperCase());

/**
 * The pages the sandbox's URLs point at (huichao payment, agreements, product pages), as plain static HTML in the
 * market's language: India's agreement is English, Indonesia's Indonesian.
 */
function pageFor(name: string, q: Record<string, string>): string | null {
  const seed = seedOfQuery(q);
  const w = seed.words.pages;
  const product = seed.products.find((p) => String(p.id) === q.productId);
  switch (name) {
    case 'huichao':
      return page(seed.words.lang, w.payment, [
        w.paymentOrder(q.orderId ?? '?', seedMoney(seed, Number(q.amount) || 0)),
        w.paymentNote,
      ]);
    case 'contract': {
      const contract = seed.contracts.find((c) => String(c.position) === q.position) ?? seed.contracts[0];
      return page(seed.words.lang, contract.title, [w.product(product?.productName ?? '-'), w.contract]);
    }
    case 'product':
      return product
        ? page(seed.words.lang, product.productName, [
            product.productDesc,
            `${product.amountRange} · ${product.loan_rate}`,
          ])
        : null;
    default:
      return null;
  }
}

/** GET routes for pictures and pages. `sids` is the captcha store filled by get-sid. */
export function assetRoutes(sids: Map<string, string>): Router {
  const router = Router();
  const notFound = (res: Response, what: string) =>
    res.status(404).json(errorBody('main', CODES.NOT_FOUND, `${what} not found`));

  router.get('/api/v2/youmi/promotion/captcha', (req: Request, res: Response) => {
    const sid = typeof req.query.sid === 'string' ? req.query.sid : '';
    const text = sids.get(sid);
    if (!text) return void notFound(res, `sid '${sid.slice(0, 64)}'`);
    res
      .set({ ...SAFE_HEADERS, 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' })
      .send(captchaSvg(text, sid));
  });

  router.get('/assets/logos/:file', (req: Request, res: Response) => {
    const m = /^(\d{1,6})\.svg$/.exec(String(req.params.file));
    const market = typeof req.query.market === 'string' ? req.query.market.toUpperCase() : DEFAULT_MARKET;
    const product = m ? seedOf(market).products.find((p) => p.id === Number(m[1])) : undefined;
    if (!product) return void notFound(res, 'logo');
    res
      .set({ ...SAFE_HEADERS, 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' })
      .send(logoSvg(product.productName, product.id));
  });

  router.get('/pages/:name', (req: Request, res: Response) => {
    const q = Object.fromEntries(Object.entries(req.query).filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >;
    const html = pageFor(String(req.params.name), q);
    if (!html) return void notFound(res, 'page');
    res.set({ ...SAFE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' }).send(html);
  });
  return router;
}
