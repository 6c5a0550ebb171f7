// Idle live-stream clients for the load test (live-load.timing.test.ts), in a process of its own so the server's and
// the clients' sockets each fit the fd limit. Plain TCP: a page's EventSource costs the server the same socket.
// argv: port count [spreadMs bundleEtag]. Messages to the parent: {connected, failed, reasons}, then
// {received: [ms timestamps], cut, refetch} on 'collect'. With spreadMs, each client then does what a page does on a
// `published` event (renderer/boot/live/start-live.ts): waits a random 0..spreadMs and asks for the bundle again with
// If-None-Match (the ETag it had), so the test sees how the re-fetch load reaches the origin. Every connection settles (answer, error, close or CONNECT_MS): a socket closed without an answer once left
// the whole run waiting until the test's timeout.
import { connect } from 'node:net';
import { Agent, get } from 'node:http';

const CONNECT_MS = 20_000;
const BATCH = 250;
const [port, count, spreadMs] = process.argv.slice(2, 5).map(Number);
const oldEtag = process.argv[5];
// A page's fetch reuses its keep-alive connection to the origin; a pool stands in for them (opened as needed).
const agent = new Agent({ keepAlive: true });
const refetch = { status: {}, answerMs: [] };
function refetchBundle(i) {
  const t = Date.now();
  const req = get(
    {
      host: '127.0.0.1',
      port,
      agent,
      path: `/config/v1/bundle?market=ID&deviceId=load-${i}`,
      headers: { 'If-None-Match': oldEtag, 'Accept-Encoding': 'br, gzip' },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        refetch.status[res.statusCode] = (refetch.status[res.statusCode] ?? 0) + 1;
        refetch.answerMs.push(Date.now() - t);
      });
    },
  );
  req.on('error', (e) => (refetch.status[e.code ?? 'error'] = (refetch.status[e.code ?? 'error'] ?? 0) + 1));
}
const received = new Array(count).fill(0);
const reasons = {};
let connected = 0;
let failed = 0;
let cut = 0;
const sockets = [];

function open(i) {
  return new Promise((resolve) => {
    let head = true;
    const settle = (ok, reason) => {
      if (!head) return;
      head = false;
      clearTimeout(timer);
      if (ok) connected++;
      else {
        failed++;
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      resolve();
    };
    const timer = setTimeout(() => settle(false, 'no answer within 20 s'), CONNECT_MS);
    const s = connect(port, '127.0.0.1', () => {
      s.write(
        `GET /config/v1/live?market=ID&deviceId=load-${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    s.setEncoding('utf8');
    s.on('data', (d) => {
      if (head) settle(d.startsWith('HTTP/1.1 200'), d.slice(0, 12));
      if (!received[i] && d.includes('event: published')) {
        received[i] = Date.now();
        if (spreadMs) setTimeout(() => refetchBundle(i), Math.random() * spreadMs);
      }
    });
    s.on('error', (e) => settle(false, e.code ?? e.message));
    s.on('close', () => {
      if (head) settle(false, 'closed before an answer');
      else cut++;
    });
    sockets.push(s);
  });
}

for (let i = 0; i < count; i += BATCH) {
  await Promise.all(Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => open(i + j)));
}
process.send({ connected, failed, reasons });
process.on('message', (m) => {
  if (m === 'collect') process.send({ received, cut, refetch });
  if (m === 'exit') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
// The test's process gone (a crash, a kill): no clients left behind holding sockets.
process.on('disconnect', () => process.exit(0));
