/**
 * The reference: a bare node:http server answering the same bytes from memory, with the same
 * headers and the same If-None-Match → 304 rule. Whatever the config server costs above this is overhead.
 * argv: <responses.json> with [{path, status, headers, bodyBase64}]. Prints {"url": ...} when listening.
 * A canned path without a query also answers that path with any query (a backend call carries the
 * borrower's token and common params).
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Canned {
  path: string;
  headers: Record<string, string>;
  bodyBase64: string;
}
const canned: Canned[] = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byPath = new Map(canned.map((c) => [c.path, { headers: c.headers, body: Buffer.from(c.bodyBase64, 'base64') }]));

const server = createServer((req, res) => {
  const url = req.url ?? '';
  const hit = byPath.get(url) ?? byPath.get(url.split('?')[0]);
  if (!hit) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":404}}');
    return;
  }
  if (hit.headers.etag && req.headers['if-none-match'] === hit.headers.etag) {
    res.writeHead(304, { etag: hit.headers.etag, 'cache-control': hit.headers['cache-control'] ?? '' }).end();
    return;
  }
  res.writeHead(200, { ...hit.headers, 'content-length': String(hit.body.length) }).end(hit.body);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${port}` }) + '\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
