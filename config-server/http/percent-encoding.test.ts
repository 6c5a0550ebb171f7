import express from 'express';
import { describe, expect, it } from 'vitest';
import { errorMiddleware } from './error-middleware.js';
import { malformedPart } from './percent-encoding.js';

describe('malformedPart', () => {
  it('finds the part whose %-escape does not decode, and passes what decodes', () => {
    expect(malformedPart('/config/v1/screens/not-found?market=ID')).toBeUndefined();
    expect(malformedPart('/a%2Fb?x=%E2%82%B9&y=50%25&z=a+b')).toBeUndefined();
    expect(malformedPart('/config/v1/screens/%')).toEqual({ part: 'path' });
    expect(malformedPart('/x/%E0%A4%A?market=ID')).toEqual({ part: 'path' });
    expect(malformedPart('/x?market=ID&token=%ZZ')).toEqual({ part: 'query', param: 'token' });
    expect(malformedPart('/x?%ZZ')).toEqual({ part: 'query', param: '(malformed name)' });
    expect(malformedPart(`/x?${'n'.repeat(100)}=%`)!.param).toHaveLength(40);
  });
});

describe("the error middleware under express's param decoding", () => {
  it('turns a URIError into a 400 naming the path and logs nothing', async () => {
    const logged: unknown[] = [];
    const app = express();
    app.get('/x/:id', (_req, res) => void res.send('never'));
    app.use(errorMiddleware((m, e) => void logged.push([m, e])));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/x/%E0%A4%A`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          status: 400,
          message: expect.stringMatching(/Malformed percent-encoding in the path/),
          details: { part: 'path' },
        },
      });
      expect(logged).toEqual([]);
    } finally {
      server.close();
    }
  });
});
