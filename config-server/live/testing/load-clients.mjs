// Idle live-stream clients for the load test (live-load.timing.test.ts), in a process of its own so the server's and
// the clients' sockets each fit the fd limit. Plain TCP: a page's EventSource costs the server the same socket.
// argv: port count. Messages to the parent: {connected, failed}, then {received: [ms timestamps]} on 'collect'.
import { connect } from 'node:net';

const [port, count] = process.argv.slice(2).map(Number);
const received = new Array(count).fill(0);
let connected = 0;
let failed = 0;
const sockets = [];

function open(i) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.write(
        `GET /config/v1/live?market=ID&deviceId=load-${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    let head = true;
    s.setEncoding('utf8');
    s.on('data', (d) => {
      if (head) {
        head = false;
        if (d.startsWith('HTTP/1.1 200')) connected++;
        else failed++;
        resolve();
      }
      if (!received[i] && d.includes('event: published')) received[i] = Date.now();
    });
    s.on('error', () => {
      if (head) {
        head = false;
        failed++;
        resolve();
      }
    });
    sockets.push(s);
  });
}

for (let i = 0; i < count; i += 250) {
  await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)));
}
process.send({ connected, failed });
process.on('message', (m) => {
  if (m === 'collect') process.send({ received });
  if (m === 'exit') {
    for (const s of sockets) s.destroy();
    process.exit(0);
  }
});
