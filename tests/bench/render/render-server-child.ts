/**
 * The render section's server: the real config app (createApp, as startServer runs it) with the sandbox, plus one
 * bench-only backend call in front of it, `POST /sandbox/bench/screen-a` (API map endpoint `benchScreenA`, added to the
 * bench's data dir by prepare-data-dir.ts). Issue 38's referee screen A takes everything from one backend call: an order
 * card, 8 problem types and the history. The sandbox has no such call, so this one makes two sandbox calls over
 * loopback (problem-init and problem-list, same query and headers, so the same borrower session) and answers:
 *   { orderDetail: the selected order card with its first 3 detail lines,
 *     problemType: the 5 problem types and the 3 collection sub-types (values 11-13) as 8 entries,
 *     history: the first tab of problem-list (the bench seeds 200 items) }
 * Both pages call it: ours through the server's first call while drawing, the plain page by fetch.
 * argv: <dataDir> <staticDir>. Prints one JSON line {"url": ...} when listening; SIGTERM closes it.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../../config-server/app.js';

export const SCREEN_A_PATH = '/sandbox/bench/screen-a';

const [dataDir, staticDir] = process.argv.slice(2);
const config = await createApp({ dataDir, staticDir, sandbox: true });
let origin = '';

/** One sandbox call over loopback with the incoming call's query and marker headers; its envelope's data. */
function sandboxCall(path: string, search: string, headers: IncomingMessage['headers']): Promise<unknown> {
  const pass: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' };
  for (const [k, v] of Object.entries(headers)) if (k.startsWith('x-') && typeof v === 'string') pass[k] = v;
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/sandbox${path}${search}`, { method: 'POST', headers: pass }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        try {
          const env = JSON.parse(body) as { code: unknown; message: string; data: unknown };
          if (env.code !== 0 && env.code !== '00') reject(new Error(`${path}: ${String(env.code)} ${env.message}`));
          else resolve(env.data);
        } catch (e) {
          reject(e as Error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface Card { rows: unknown[] }
interface Init { orderDetail: Card | null; problemType: { value: number; title: string }[]; problemSonType: { value: number; title: string }[] }

async function screenA(req: IncomingMessage, res: ServerResponse, search: string) {
  req.resume();
  let out: { code: number | string; message: string; data: unknown };
  try {
    const [init, tabs] = (await Promise.all([
      sandboxCall('/user-problem/problem-init', search, req.headers),
      sandboxCall('/user-problem/problem-list', search, req.headers),
    ])) as [Init, { list: unknown[] }[]];
    const card = init.orderDetail && { ...init.orderDetail, rows: init.orderDetail.rows.slice(0, 3) };
    const types = [...init.problemType, ...init.problemSonType.map((s) => ({ value: 10 + s.value, title: s.title }))];
    out = { code: 0, message: 'success', data: { orderDetail: card, problemType: types, history: tabs[0]?.list ?? [] } };
  } catch (e) {
    out = { code: 500, message: (e as Error).message, data: null };
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(out));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === SCREEN_A_PATH) return void screenA(req, res, url.search);
  config.handler(req, res);
});
server.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.stdout.write(JSON.stringify({ url: origin }) + '\n');
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void config.close().then(() => process.exit(0));
});
