import express from 'express';
import compression from 'compression';
import { describe, expect, it } from 'vitest';
import { sendStreamed, streamedParts } from './streamed-parts.js';

describe('the kept parts of streamed pages', () => {
  it('keeps a head per owner, key and template, and a rest per drawn page object', () => {
    const parts = streamedParts();
    const snap = {};
    let builds = 0;
    const head = (template: string, owner = snap) =>
      parts.head(owner, 'ID|loan-confirm', template, () => (builds++, `<head>${template}<body>`));
    expect(head('t1')).toBe(head('t1'));
    expect(builds).toBe(1);
    expect(head('t2').text).toBe('<head>t2<body>'); // a new build
    expect(head('t2', {}).text).toBe('<head>t2<body>'); // a new publish: built for it
    expect(builds).toBe(3);

    const h = head('t2');
    const alice = {};
    const bob = {};
    const restOf = (owner: object | undefined, name: string) => parts.rest(h, owner, () => `<p>${name}</p>`);
    expect(restOf(alice, 'Alice').text).toBe('<p>Alice</p>');
    // Another borrower's drawn page is another object: their own body, never the first one's.
    expect(restOf(bob, 'Bob').text).toBe('<p>Bob</p>');
    expect(restOf(alice, 'not built again').text).toBe('<p>Alice</p>');
    // A rest filled per response (a view ticket) has no owner: built each time.
    expect(restOf(undefined, 'ticket 1').text).toBe('<p>ticket 1</p>');
    expect(restOf(undefined, 'ticket 2').text).toBe('<p>ticket 2</p>');
  });

  it('sends gzip from the kept bytes when the browser takes it, the text otherwise, one document either way', async () => {
    const parts = streamedParts();
    const head = parts.head({}, 'k', 't', () => `<html><head>${'<style>.a{}</style>'.repeat(200)}</head><body>`);
    const owner = {};
    const app = express();
    app.use(compression());
    const rest = Promise.resolve(parts.rest(head, owner, () => '<p>Rp400.000</p></body></html>'));
    app.get('/', (req, res) => void sendStreamed(req, res.type('html'), head, () => rest));
    const server = app.listen(0);
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      const whole = head.text + '<p>Rp400.000</p></body></html>';
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'gzip'],
        ['br', 'br'],
        ['identity', null],
        ['br;q=1, gzip;q=0', 'br'],
        // `*` stands for what is not named: gzip named at q=0 is refused all the same (RFC 9110 12.5.3).
        ['br, gzip;q=0, *', 'br'],
        ['deflate, gzip;q=0, *;q=0.5', 'deflate'],
      ] as const) {
        const res = await fetch(url, { headers: { 'Accept-Encoding': accept } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toContain('Accept-Encoding');
        expect(await res.text()).toBe(whole); // fetch inflates what it receives
      }
    } finally {
      server.close();
    }
  });
});
