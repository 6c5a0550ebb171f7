/**
 * Runs the real config server alone in this process, so the bench can read its peak RSS from
 * /proc/<pid>/status and its CPU is not shared with the load generator's JavaScript.
 * argv: <dataDir> [staticDir]. Prints one JSON line {"url": ...} when listening; SIGTERM closes it.
 */
import { startServer } from '../../../config-server/server.js';

const [dataDir, staticDir] = process.argv.slice(2);
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  staticDir: staticDir || undefined,
  sandbox: true,
});
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
