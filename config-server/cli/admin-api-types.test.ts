import { describe, expect, it } from 'vitest';
import { adminOnly } from './admin-api-types.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const answer = (schema: unknown) => ({
  responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } },
});

describe('adminOnly', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    tags: [{ name: 'admin' }],
    paths: {
      '/admin/api/releases': { get: answer(ref('ReleaseList')) },
      '/sandbox/loans': { get: answer(ref('Loan')) },
    },
    components: {
      schemas: {
        ReleaseList: { type: 'array', items: ref('Release') },
        Release: { type: 'object' },
        Loan: { type: 'object' },
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    },
  };

  it('keeps the admin operations and every component they reach, directly or not, and nothing else', () => {
    const cut = adminOnly(doc) as typeof doc;
    expect(Object.keys(cut.paths)).toEqual(['/admin/api/releases']);
    expect(Object.keys(cut.components.schemas).sort()).toEqual(['Release', 'ReleaseList']);
    expect(cut.components.securitySchemes).toEqual(doc.components.securitySchemes);
  });

  it('names a reference to a component the description does not define', () => {
    const broken = { ...doc, paths: { '/admin/api/x': { get: answer(ref('Missing')) } } };
    expect(() => adminOnly(broken)).toThrow('#/components/schemas/Missing is referenced but not defined');
  });
});
