import { Router } from 'express';
import { openapiJson } from './document.js';

/** `GET /openapi.json`: the description of the config, admin and sandbox APIs (bundled, stand-alone). */
export function openapiRouter() {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(openapiJson());
  });
  return router;
}
