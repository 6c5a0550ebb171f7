import { Router, type Request, type Response } from 'express';
import { CODES, errorBody } from './envelope.js';
import { formatAmount } from './answer-style.js';
import { CONTRACTS, PRODUCTS } from './seed.js';
import { captchaSvg, logoSvg } from './svg.js';
import { escapeHtml } from '../http/escape-html.js';

const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // These pages stand in for third parties (payment provider, agreement host, product site): no script at all.
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
};

function page(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;margin:16px;line-height:1.5;color:#1f2933}</style></head>
<body><h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`;
}

/** The pages the sandbox's URLs point at (huichao payment, agreements, product pages), as plain static HTML. */
function pageFor(name: string, q: Record<string, string>): string | null {
  const product = PRODUCTS.find((p) => String(p.id) === q.productId);
  switch (name) {
    case 'huichao':
      return page('Sandbox payment (Huichao)', [
        `Order ${q.orderId ?? '?'}: amount Rp${formatAmount(Number(q.amount) || 0)}.`,
        'This page stands in for the payment provider. No money moves in the sandbox.',
      ]);
    case 'contract': {
      const contract = CONTRACTS.find((c) => String(c.position) === q.position) ?? CONTRACTS[0];
      return page(contract.title, [
        `Produk: ${product?.productName ?? '-'}.`,
        'Teks perjanjian contoh dari sandbox. Pelunasan lebih awal hanya setelah setengah tenor dan minimal 7 hari setelah pencairan.',
      ]);
    }
    case 'product':
      return product
        ? page(product.productName, [product.productDesc, `${product.amountRange} · ${product.loan_rate}`])
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
    const product = m ? PRODUCTS.find((p) => p.id === Number(m[1])) : undefined;
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
