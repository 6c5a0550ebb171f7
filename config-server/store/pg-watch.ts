import pg from 'pg';

/**
 * LISTEN on `channel` over one dedicated connection (a pooled one would be handed to other queries).
 * When the connection drops (database restarted, network cut) it reconnects every `retryMs` and calls
 * `listener` once it is back, since a publish may have happened while nobody was listening.
 * Returns the unsubscribe.
 */
export function watchChannel(
  url: string,
  channel: string,
  listener: () => void,
  log: (m: string) => void = () => {},
  retryMs = 1000,
): () => void {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lost = false;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, keepAlive: true });
    client = c;
    let failed = false;
    const drop = (why: string) => {
      if (failed) return;
      failed = true;
      if (!lost && !stopped)
        log(
          `postgresql: lost the publish notifications (${why}); reconnecting every ${retryMs} ms, the periodic check covers the gap`,
        );
      lost = true;
      c.end().catch(() => undefined);
      retry();
    };
    c.on('error', (e) => drop(e.message));
    c.on('end', () => drop('connection ended'));
    c.on('notification', (n) => n.channel === channel && listener());
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void c.end().catch(() => undefined);
      if (lost) {
        log('postgresql: publish notifications are back');
        lost = false;
        listener();
      }
    } catch (e) {
      drop((e as Error).message);
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    client?.end().catch(() => undefined);
  };
}
