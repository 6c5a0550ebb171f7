import { conflict, invalid, notFound } from './envelope.js';
import { findProduct, formatTime, orderRows, type Ctx, type Endpoint } from './endpoint.js';
import { MAX_IMAGES, type Order, type Problem } from './seed.js';
import type { MarketSeed } from './market-seed.js';
import { findOrder, findOrderByNo, nextId, type Session } from './state.js';

/** The complaint order card of spec §3 (also used by the v3 entry page). */
export function orderCard(order: Order, ctx: Ctx) {
  const product = findProduct(order.productId, ctx.seed);
  return {
    orderId: order.orderId,
    orderNo: order.orderNo,
    productLogo: ctx.url(product.logo),
    productName: product.productName,
    status: ctx.seed.statusText[order.orderStatus]?.[0] ?? String(order.orderStatus),
    rows: orderRows(order, ctx.seed),
    isShow: order.isShow,
  };
}

const typeTitle = (seed: MarketSeed, value: number) => seed.problemTypes.find((t) => t.value === value)?.title ?? '';
const sonTitle = (seed: MarketSeed, value: number | null) =>
  seed.problemSonTypes.find((t) => t.value === value)?.title ?? '';
const processed = (p: Problem) => p.disposeDetail !== '' || p.disposeImages.length > 0;

function findProblem(s: Session, problemId: number): Problem {
  const problem = s.problems.find((x) => x.problemId === problemId);
  if (!problem) throw notFound(`problemId ${problemId} not found`);
  return problem;
}

/** Splits and checks `problemImage`: at most 9, each an image this sandbox handed out. */
function parseImages(raw: string | undefined, ctx: Ctx): string[] {
  const urls = (raw ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.length > MAX_IMAGES) throw invalid(`problemImage: at most ${MAX_IMAGES} images`);
  for (const u of urls) if (!ctx.uploads.owns(u)) throw invalid(`problemImage: ${u} is not an uploaded image`);
  return urls;
}

export const complaintEndpoints: Endpoint[] = [
  {
    methods: ['POST'],
    path: '/user-problem/problem-init',
    request: 'complaints#problem-init',
    handle(input: { orderId?: number }, ctx) {
      const { orders } = ctx.session;
      const selected = input.orderId !== undefined ? findOrder(ctx.session, input.orderId) : orders[0];
      return {
        problemType: ctx.seed.problemTypes.map(({ value, title }) => ({ value, title })),
        problemSonType: ctx.seed.problemSonTypes,
        orderDetail: selected ? orderCard(selected, ctx) : null,
        orderList: orders.map((o) => orderCard(o, ctx)),
      };
    },
  },
  {
    methods: ['GET', 'POST'],
    path: '/user-problem/problem-detail',
    request: 'complaints#problem-detail',
    handle(input: { problemId: number }, ctx) {
      const p = findProblem(ctx.session, input.problemId);
      return {
        problemId: p.problemId,
        orderNo: p.orderNo,
        time: p.time,
        type: typeTitle(ctx.seed, p.type),
        sonType: sonTitle(ctx.seed, p.sonType),
        content: p.content,
        images: p.images,
        disposeDetail: p.disposeDetail,
        disposeImages: p.disposeImages,
        isScore: p.isScore,
      };
    },
  },
  {
    methods: ['POST'],
    path: '/user-problem/save-score',
    request: 'complaints#save-score',
    handle(input: { score: number; problemId: number }, ctx) {
      const p = findProblem(ctx.session, input.problemId);
      if (p.isScore === 0)
        throw conflict(`problemId ${p.problemId} cannot be rated: ${p.score ? 'already rated' : 'not processed yet'}`);
      p.score = input.score;
      p.isScore = 0;
      return null;
    },
  },
  {
    methods: ['POST'],
    path: '/user-problem/problem-save',
    request: 'complaints#problem-save',
    handle(
      input: {
        problemType: number;
        problemSonType?: string;
        problemDetail: string;
        problemImage?: string;
        orderNo: string;
      },
      ctx,
    ) {
      if (!ctx.seed.problemTypes.some((t) => t.value === input.problemType))
        throw invalid(`problemType ${input.problemType} is not a problem type`);
      const detail = input.problemDetail.trim();
      if (detail === '') throw invalid('problemDetail: Please fill in your comments and suggestions');
      const sonType = input.problemSonType ? Number(input.problemSonType) : null;
      if (input.problemType === 1 && sonType === null) throw invalid('problemSonType is required for problemType 1');
      if (sonType !== null && (input.problemType !== 1 || !ctx.seed.problemSonTypes.some((t) => t.value === sonType))) {
        throw invalid(`problemSonType ${sonType} is not a sub-type of problemType ${input.problemType}`);
      }
      const images = parseImages(input.problemImage, ctx);
      const order = findOrderByNo(ctx.session, input.orderNo);
      if (input.problemType === 1 && order.isShow !== 1)
        throw conflict('The selected order does not support sending collection types');
      const problem: Problem = {
        problemId: 600 + nextId(ctx.session),
        orderNo: order.orderNo,
        type: input.problemType,
        sonType,
        content: detail,
        images,
        time: formatTime(ctx.now()),
        disposeDetail: '',
        disposeImages: [],
        isScore: 0,
        score: null,
      };
      ctx.session.problems.push(problem);
      return { problemId: problem.problemId };
    },
  },
  {
    methods: ['POST'],
    path: '/user-problem/problem-list',
    request: 'complaints#problem-list',
    handle(_input: unknown, ctx) {
      const newestFirst = [...ctx.session.problems].sort(
        (a, b) => b.time.localeCompare(a.time) || b.problemId - a.problemId,
      );
      const item = (p: Problem) => ({
        id: p.problemId,
        time: p.time,
        type: typeTitle(ctx.seed, p.type),
        content: p.content,
      });
      return [
        { key: 'processing', title: 'Processing', list: newestFirst.filter((p) => !processed(p)).map(item) },
        { key: 'processed', title: 'Processed', list: newestFirst.filter(processed).map(item) },
      ];
    },
  },
];
