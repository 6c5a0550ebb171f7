/**
 * The render section's server: the real config app (createApp, as startServer runs it) with the sandbox, plus one
 * bench-only backend call in front of it, `POST /sandbox/bench/screen-a` (API map endpoint `benchScreenA`, added to the
 * bench's data dir by prepare-data-dir.ts). The referee screen A takes everything from one backend call:
 *   { orderDetail: the sandbox's order card with its first 3 detail lines,
 *     problemType: the 5 problem types and the 3 collection sub-types (values 11-13) as 8 entries,
 *     history: 200 complaints of about 100 characters each (screen-a-payload.ts) }
 * The answer is built once at start and is the same for every token, so each cold load can
 * be a new borrower (no server page-cache hit) without seeding a session; it is compressed by the same `compression`
 * middleware as every answer of the config app (the server's own first call asks for identity and gets it plain, the
 * plain page's fetch gets brotli, as a browser would), and answering it costs no loopback call on either side.
 * argv: <dataDir> <staticDir>. Prints one JSON line {"url": ...} when listening; SIGTERM closes it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { createApp } from '../../../config-server/app.js';
import { historyItems } from './screen-a-payload.js';

export const SCREEN_A_PATH = '/sandbox/bench/screen-a';
/** How many history items screen A draws. */
export const SCREEN_A_ITEMS = 200;

const [dataDir, staticDir] = process.argv.slice(2);
const config = await createApp({ dataDir, staticDir, sandbox: true });
const compress = compression();
let answer = '';

interface Card {
  rows: unknown[];
}
interface Init {
  orderDetail: Card | null;
  problemType: { value: number; title: string }[];
  problemSonType: { value: number; title: string }[];
}

/** Once, at start: the sandbox's order card and types (one loopback call), the generated history. */
async function buildAnswer(origin: string): Promise<string> {
  const res = await fetch(`${origin}/sandbox/user-problem/problem-init?market=ID&token=bench-screen-a`, {
    method: 'POST',
  });
  const env = (await res.json()) as { code: unknown; message: string; data: Init };
  if (env.code !== 0 && env.code !== '00') throw new Error(`problem-init: ${String(env.code)} ${env.message}`);
  const init = env.data;
  const card = init.orderDetail && { ...init.orderDetail, rows: init.orderDetail.rows.slice(0, 3) };
  const types = [...init.problemType, ...init.problemSonType.map((s) => ({ value: 10 + s.value, title: s.title }))];
  const history = historyItems(
    SCREEN_A_ITEMS,
    init.problemType.map((t) => t.title),
  );
  return JSON.stringify({ code: 0, message: 'success', data: { orderDetail: card, problemType: types, history } });
}

function screenA(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  compress(req as never, res as never, () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(answer);
  });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === SCREEN_A_PATH) return screenA(req, res);
  config.handler(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  buildAnswer(origin).then(
    (a) => {
      answer = a;
      process.stdout.write(JSON.stringify({ url: origin }) + '\n');
    },
    (e: Error) => {
      process.stderr.write(`screen A's answer: ${e.message}\n`);
      process.exit(1);
    },
  );
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void config.close().then(() => process.exit(0));
});
