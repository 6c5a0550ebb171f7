/**
 * Experiments at scale, on PostgreSQL: (1) the results of a release with 1,000,000 exposed borrowers (half in each
 * arm, two markets, two weeks of exposures, about 14 % and 9 % converted on two goals), read as the results route
 * reads them (the store's grouped counts, then the statistics engine overall, per market and per day), budget
 * < 500 ms; (2) the conversions endpoint of one replica (a child server on the same database) taking 1,000-event
 * calls from 4 concurrent reporters, budget ≥ 2,000 events/s. Rows are seeded through the store's own writes,
 * then VACUUM ANALYZE, as a database that has been running would be.
 */
import { resolve } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  postgresUnavailable,
  startTestPostgres,
  type TestPostgres,
} from '../../../config-server/testing/pg-test-server.js';
import { PgStore } from '../../../config-server/store/pg-store.js';
import { importOnFirstStart } from '../../../config-server/store/repo-documents.js';
import { experimentReport } from '../../../config-server/releases/experiment-report.js';
import { DEFAULT_EXPERIMENT_SETTINGS } from '../../../config-server/experiments/experiment-settings.js';
import { repoRoot } from '../bundle/build-app.js';
import { startChildServer, type ChildServer } from '../lib/child-server.js';
import { serverPrefix } from '../lib/cpu-pinning.js';
import { median, row, type Row } from '../lib/table.js';

const child = resolve(repoRoot, 'tests/bench/server/config-server-child.ts');
const BORROWERS = 1_000_000;
const DAY = 86_400_000;
const KEY = 'bench-conversion-key-0123456789abcdefgh';
const METRICS = new Map([
  ['registered', { id: 'registered', name: 'Registered', windowHours: 72, higherIsBetter: true }],
  ['loanConfirmed', { id: 'loanConfirmed', name: 'Loan confirmed', windowHours: 72, higherIsBetter: true }],
]);

/**
 * Seeds through the store's own writes (exposures, then conversions an hour after), so the counters the results read
 * are the ones the store keeps; then checks them against a count of the rows.
 */
async function seed(store: PgStore, release: string, t0: number) {
  const exposedAt = (g: number) => t0 + (g % 14) * DAY + (g % 1000);
  const armOf = (g: number) => (g % 2 === 0 ? 'base' : 'candidate');
  for (let from = 1; from <= BORROWERS; from += 10_000) {
    const batch = Array.from({ length: 10_000 }, (_, i) => {
      const g = from + i;
      return {
        release,
        deviceId: `dev-${g}`,
        arm: armOf(g),
        market: g % 5 === 0 ? 'IN' : 'ID',
        at: exposedAt(g),
      } as const;
    });
    await store.experiments.recordExposures(batch);
  }
  const windows = new Map([...METRICS.values()].map((m) => [m.id, m.windowHours]));
  let seq = 0;
  for (let from = 1; from <= BORROWERS; from += 1000) {
    const events = [];
    for (let g = from; g < from + 1000; g++) {
      // About 14 % and 9 % convert, the candidate a little more on registered.
      if (g % 7 === 0 || (g % 2 === 1 && g % 50 === 1))
        events.push({ id: `seed-${++seq}`, metric: 'registered', deviceId: `dev-${g}`, at: exposedAt(g) + 3_600_000 });
      if (g % 11 === 0)
        events.push({
          id: `seed-${++seq}`,
          metric: 'loanConfirmed',
          deviceId: `dev-${g}`,
          at: exposedAt(g) + 7_200_000,
        });
    }
    await store.experiments.addConversions(events, 'backend', windows, Date.now());
  }
  const { rows } = await store.pool.query<{ e: string; h: string }>(
    `SELECT (SELECT COUNT(*) FROM experiment_exposures WHERE release_id = $1) AS e,
            (SELECT COUNT(*) FROM experiment_goal_hits WHERE release_id = $1) AS h`,
    [release],
  );
  const c = await store.experiments.experimentCounts(release);
  const sum = (xs: { n: number }[]) => xs.reduce((a, x) => a + x.n, 0);
  if (sum(c.exposures) !== Number(rows[0].e) || sum(c.hits) !== Number(rows[0].h))
    throw new Error(`counters ${sum(c.exposures)}/${sum(c.hits)} differ from rows ${rows[0].e}/${rows[0].h}`);
  await store.pool.query('VACUUM ANALYZE experiment_exposures');
  await store.pool.query('VACUUM ANALYZE experiment_goal_hits');
}

/** Posts 1,000-event calls from `width` reporters for `seconds`; answers events taken per second. */
async function conversionRate(url: string, seconds: number, width: number, t0: number) {
  let sent = 0;
  let seq = 0;
  // Ids new to the store on every run (a repeated id is a duplicate, stored and counted once).
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (Date.now() < until) {
        const events = Array.from({ length: 1000 }, () => {
          const g = 1 + Math.floor(Math.random() * BORROWERS);
          const at = new Date(t0 + (g % 14) * DAY + 2 * 3_600_000).toISOString();
          return {
            id: `bench-${run}-${++seq}`,
            metric: seq % 2 ? 'registered' : 'loanConfirmed',
            deviceId: `dev-${g}`,
            at,
          };
        });
        const r = await fetch(`${url}/config/v1/conversions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({ events }),
        });
        const body = (await r.json()) as { accepted?: number };
        if (r.status !== 200 || body.accepted !== 1000)
          throw new Error(`conversions: ${r.status} ${JSON.stringify(body)}`);
        sent += 1000;
      }
    }),
  );
  return (sent / (Date.now() - started)) * 1000;
}

export async function experimentBench(opts: { duration: number; rounds: number }): Promise<Row[]> {
  const skip = postgresUnavailable();
  if (skip) throw new Error(skip);
  const dir = mkdtempSync(join(tmpdir(), 'sdui-bench-experiment-'));
  let db: TestPostgres | undefined;
  let store: PgStore | undefined;
  let server: ChildServer | undefined;
  try {
    db = await startTestPostgres();
    const url = await db.createDatabase();
    store = await PgStore.open(url);
    await importOnFirstStart(store);
    const rec = (await store.getDocument('screen', 'landing-register'))!;
    const content = { ...(rec.published!.content as object), description: 'bench experiment' };
    await store.saveDraft({ kind: 'screen', id: rec.id, file: rec.file, content }, rec.revision, { user: 'ed' });
    const t0 = Date.now() - 15 * DAY;
    const rollout = {
      percent: 50,
      audience: {},
      startAt: new Date(t0).toISOString(),
      endAt: null,
      guard: false,
      experiment: { goals: ['registered', 'loanConfirmed'], guardrails: [] },
    };
    const release = await store.releases.publishRelease(
      [{ kind: 'screen', id: 'landing-register' }],
      { user: 'pat', note: 'bench', rollout },
      () => undefined,
    );
    const s0 = Date.now();
    await seed(store, release.id, t0);
    const seeded = ((Date.now() - s0) / 1000).toFixed(0);

    const times: number[] = [];
    let last: ReturnType<typeof experimentReport> | undefined;
    for (let i = 0; i < Math.max(7, opts.rounds); i++) {
      const a = performance.now();
      const rows = await store.experiments.experimentCounts(release.id);
      last = experimentReport(release, rows, METRICS, DEFAULT_EXPERIMENT_SETTINGS, Date.now());
      if (i > 0) times.push(performance.now() - a);
    }
    const exposed = last!.exposures.base + last!.exposures.candidate;
    if (exposed !== BORROWERS) throw new Error(`results counted ${exposed} exposed borrowers, not ${BORROWERS}`);

    server = await startChildServer(
      child,
      [join(dir, 'unused')],
      { DATABASE_URL: url, CONVERSION_KEYS: KEY },
      serverPrefix(),
    );
    await conversionRate(server.url, 2, 4, t0);
    const rates: number[] = [];
    for (let r = 0; r < opts.rounds; r++) rates.push(await conversionRate(server.url, opts.duration, 4, t0));
    return [
      row(
        'server',
        'experiment results, 1,000,000 exposed borrowers (PostgreSQL)',
        median(times),
        'ms',
        { op: '<=', limit: 500 },
        `median of ${times.length} reads after one warm-up (the store's counters per arm, market and day + the engine overall, per market, per day; 2 goals, ${last!.days.length} days); max ${Math.round(Math.max(...times))} ms; seeded in ${seeded} s`,
      ),
      row(
        'server',
        'conversions endpoint, events/s on one replica (PostgreSQL)',
        Math.round(median(rates)),
        'events/s',
        { op: '>=', limit: 2000 },
        `median of ${opts.rounds} runs × ${opts.duration} s, 4 reporters posting 1,000-event calls against 1,000,000 exposures; runs ${rates.map(Math.round).join(', ')}`,
      ),
    ];
  } finally {
    await server?.stop();
    await store?.close();
    db?.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
