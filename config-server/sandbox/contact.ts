import type { Endpoint } from './endpoint.js';
import { CONTACTS } from './seed.js';

/** Customer-service contact: `overall=30` (spec §9) → `{email, smWa}` for the caller's market. */
export const contactEndpoints: Endpoint[] = [
  {
    methods: ['GET', 'POST'],
    path: '/v3/personal-center/contact-kf-info',
    request: 'service#contact-kf-info',
    handle(_input: { overall: 30 }, ctx) {
      return CONTACTS[ctx.market] ?? CONTACTS.ID;
    },
  },
];
