/**
 * The sandbox loan backend (mounted by the config server at /sandbox): every JSON call of the loan backend, by area
 * (SANDBOX_ENDPOINTS), with seed data in seed.ts and envelopes and error codes in envelope.ts.
 *
 * Errors: a generic code (400, 404, 409, 413, 415, 500) answers the borrower in the market's language
 * (`message`: the text of its `sandbox.*` key in the market's published text set, through `textOf`; market
 * from the common param `market`, ID when absent) and the developer's words in `detail`; the backend's business
 * codes keep their messages (envelope.ts).
 *
 * Answer styles (`style`, the server's env SANDBOX_STYLE; answer-style.ts):
 * - 'plain' (default): the sandbox's own shapes: amounts and flags as numbers (1250000, isShow 1),
 *   termUnit 'day', list answers as `{ ..., list: [...] }`;
 * - 'strings': a backend that sends the same fields in other shapes: amounts as strings with a period as
 *   thousands separator ("1.250.000"), flags and codes as strings ("1"; true → "1"), termUnit as its code
 *   ("1" = day), and recommend-product-list and the bank list (/sandbox-ext/bank-card/banks) as bare arrays.
 *   Only success answers' `data` changes; envelopes, errors and what the sandbox accepts are the same in both
 *   styles (loan-detail-push takes termUnit 'day' or '1' in either).
 */
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { assetRoutes } from './asset-routes.js';
import { bankCardEndpoints } from './bank-cards.js';
import { chatbotEndpoints } from './chatbot.js';
import { complaintEndpoints } from './complaints.js';
import { contactEndpoints } from './contact.js';
import { forcedFailureEndpoints, FORCE_PATH, throwForced } from './forced-failures.js';
import { ANSWER_STYLES, styleAnswer, type AnswerStyle } from './answer-style.js';
import {
  CODES,
  SandboxError,
  borrowerErrorBody,
  errorBody,
  flavorOf,
  invalid,
  successBody,
  toSandboxError,
} from './envelope.js';
import type { Ctx, Endpoint } from './endpoint.js';
import { jointLoginEndpoints } from './joint-login.js';
import { loanOfferEndpoints } from './loan-offer.js';
import { loanEndpoints } from './loans.js';
import { productEndpoints } from './products.js';
import { promotionEndpoints } from './promotion.js';
import { repaymentEndpoints } from './repayment.js';
import { SandboxState } from './state.js';
import { seedOf } from './market-seed.js';
import { UploadStore } from './upload-store.js';
import { uploadRoutes } from './uploads.js';
import { validateRequest } from './validate-request.js';
import { virtualAccountEndpoints } from './virtual-account.js';
import { deviceIdOf, SANDBOX_GOALS, type ConversionReporter } from './conversion-reports.js';
import { DEFAULT_MARKET } from '../../renderer/core/index.js';

export interface SandboxOptions {
  /** The published landing-template document for a templateId (channel-template), or undefined. */
  getTemplate: (templateId: string) => unknown | undefined;
  /**
   * The published text of `key` in the text set of `market` (its market document's `textSet`), or undefined:
   * the borrower's message of a generic error code (envelope.ts). Absent or undefined: the developer's words.
   */
  textOf?: (market: string, key: string) => string | undefined;
  /**
   * The customer-service phone of `market` (its published market document's `servicePhone`), or undefined: the
   * market seed's own. Answers whose order names no phone fall back to it.
   */
  servicePhoneOf?: (market: string) => string | undefined;
  /** How success answers are shaped (answer-style.ts): 'plain' (default) or 'strings' (env SANDBOX_STYLE). */
  style?: AnswerStyle;
  /** Clock in ms (tests pass a fake one for the 60 s SMS interval). */
  now?: () => number;
  /** Reports goals reached (conversion-reports.ts) as the real backend does; absent (the console's preview): none. */
  reportConversion?: ConversionReporter;
}

/** Every JSON call of the loan backend, by area. Seed data: seed.ts; envelopes and error codes: envelope.ts. */
export const SANDBOX_ENDPOINTS: Endpoint[] = [
  ...complaintEndpoints,
  ...chatbotEndpoints,
  ...contactEndpoints,
  ...repaymentEndpoints,
  ...virtualAccountEndpoints,
  ...promotionEndpoints,
  ...productEndpoints,
  ...loanOfferEndpoints,
  ...loanEndpoints,
  ...jointLoginEndpoints,
  ...bankCardEndpoints,
  ...forcedFailureEndpoints,
];

const BODY_LIMIT = '64kb';

/** Where the sandbox's own pages (agreement, product, payment) are, as the app's pages may embed them. */
export const SANDBOX_PAGES_PATH = '/sandbox/pages/';

/**
 * The sandbox's own pages and pictures (agreement, product, payment pages; logos) are drawn per market: their URLs
 * carry a market other than the default one, so India's agreement link opens India's English agreement.
 */
function withMarket(path: string, market: string): string {
  if (market === DEFAULT_MARKET || !/^(pages|assets)\//.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}market=${encodeURIComponent(market)}`;
}

/**
 * The sandbox loan backend, mounted by the config server at `/sandbox`. Stateful per `token`
 * (common query param; none → the "anonymous" session), reset only by a restart. See envelope.ts for
 * why errors are HTTP 200 envelopes.
 */
export function createSandboxRouter(opts: SandboxOptions): Router {
  const style = opts.style ?? 'plain';
  if (!ANSWER_STYLES.includes(style))
    throw new Error(`sandbox: unknown answer style '${String(style)}' (one of ${ANSWER_STYLES.join(', ')})`);
  const router = Router();
  const state = new SandboxState();
  const uploads = new UploadStore();
  const sids = new Map<string, string>();
  const now = opts.now ?? Date.now;
  const origin = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const urlOf = (req: Request, path: string) => `${origin(req)}${req.baseUrl}/${path}`;

  const marketOf = (req: Request) =>
    typeof req.query.market === 'string' && req.query.market ? req.query.market.toUpperCase() : DEFAULT_MARKET;
  const failure = (req: Request, e: SandboxError) =>
    borrowerErrorBody(flavorOf(req.path), e, (key) => opts.textOf?.(marketOf(req), key));

  const ctxOf = (req: Request): Ctx => {
    const market = marketOf(req);
    const seed = seedOf(market);
    return {
      session: state.session(req.query.token, market),
      now,
      market,
      seed,
      servicePhone: opts.servicePhoneOf?.(market) ?? seed.servicePhone,
      url: (path) => urlOf(req, withMarket(path, market)),
      appUrl: (path) => `${origin(req)}${path}`,
      uploads,
      sids,
      getTemplate: opts.getTemplate,
    };
  };

  const run = (ep: Endpoint) => (req: Request, res: Response, next: NextFunction) => {
    try {
      const body: unknown = req.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw invalid('request body must be an object of fields');
      // Common params and GET payloads come in the query; a POST's own fields in the body win.
      const ctx = ctxOf(req);
      if (req.path !== FORCE_PATH) throwForced(ctx.session, req.path);
      const input = validateRequest<Record<string, unknown>>(ep.request, { ...req.query, ...body });
      const answer = ep.handle(input, ctx);
      res.json(successBody(flavorOf(req.path), styleAnswer(style, req.path, answer, ctx.seed)));
      const metric = opts.reportConversion && SANDBOX_GOALS[ep.path]?.(answer);
      const deviceId = metric && deviceIdOf(req.query, body as Record<string, unknown>);
      if (metric && deviceId) opts.reportConversion!({ metric, deviceId, at: now(), origin: origin(req) });
    } catch (err) {
      next(err);
    }
  };

  router.use(uploadRoutes(uploads, urlOf));
  router.use(assetRoutes(sids));
  router.use(express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100 }));
  router.use(express.json({ limit: BODY_LIMIT }));
  for (const ep of SANDBOX_ENDPOINTS) {
    for (const m of ep.methods) router[m === 'GET' ? 'get' : 'post'](ep.path, run(ep));
  }

  const known = new Set(SANDBOX_ENDPOINTS.map((e) => e.path));
  router.use((req: Request, res: Response) => {
    if (known.has(req.path)) {
      res.status(405).json(errorBody(flavorOf(req.path), 405, `${req.method} is not allowed on ${req.path}`));
      return;
    }
    res
      .status(404)
      .json(failure(req, new SandboxError(CODES.NOT_FOUND, `unknown sandbox endpoint ${req.method} ${req.path}`)));
  });

  // One error handler for the whole sandbox: business errors, validation, body-parser and multer.
  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const e = toSandboxError(err);
    if (e.code === CODES.INTERNAL && !e.verbatim)
      console.error('sandbox: unexpected error on', req.method, req.path, err);
    res.status(200).json(failure(req, e));
  });
  return router;
}
