import { conflict, invalid } from './envelope.js';
import { findProduct, productView, type Ctx, type Endpoint } from './endpoint.js';
import { pushBounded } from './state.js';

interface EventInput {
  productId: number;
  moduleId: number;
  positionId: number;
}

function saveEvent(name: string) {
  return (input: EventInput, ctx: Ctx) => {
    findProduct(input.productId, ctx.seed);
    pushBounded(ctx.session.events, { name, payload: { ...input }, at: ctx.now() });
    return null;
  };
}

/** Recommended products and product events (/indah/*, /service/event/save). */
export const productEndpoints: Endpoint[] = [
  {
    methods: ['POST', 'GET'],
    path: '/indah/v3/product/recommend-product-list',
    request: 'service#recommend-product-list',
    handle(input: { scene: string }, ctx) {
      const scenes = ctx.seed.scenes;
      if (!Object.hasOwn(scenes, input.scene)) throw invalid(`scene must be one of ${Object.keys(scenes).join(', ')}`);
      const scene = scenes[input.scene];
      return {
        scene: input.scene,
        moduleId: scene.moduleId,
        list: scene.productIds.map((id) =>
          productView(
            ctx.seed.products.find((p) => p.id === id)!,
            ctx,
          ),
        ),
      };
    },
  },
  { methods: ['POST'], path: '/indah/pageEvent/save', request: 'service#event', handle: saveEvent('pageEvent') },
  { methods: ['POST'], path: '/service/event/save', request: 'service#event', handle: saveEvent('serviceEvent') },
  {
    methods: ['POST'],
    path: '/indah/v3/product/apply',
    request: 'service#product-apply',
    handle(input: { product_id: number; module_id?: number; scene?: string }, ctx) {
      const p = findProduct(input.product_id, ctx.seed);
      if (p.buttonStatus === 0) throw conflict(`productId ${p.id} is full today: try again tomorrow`);
      pushBounded(ctx.session.events, { name: 'apply', payload: { ...input }, at: ctx.now() });
      return { url: ctx.url(`pages/product?productId=${p.id}&from=apply`) };
    },
  },
];
