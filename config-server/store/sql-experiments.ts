/**
 * Experiments (experiment-records.ts) on either database, as `store.experiments`: the same statements for SQLite and
 * PostgreSQL (sql-program.ts), the rule of which conversions count in decisions/conversion-decision.ts. Rows go in as
 * multi-row VALUES of at most CHUNK rows (one statement per chunk, so a 1,000-event call is a few round trips), and
 * results are counted with GROUP BY over indexes (experiment_exposures_counts, the hits' primary key), never loaded.
 */
import type { Dialect } from './dialect.js';
import { exec, rows, type Program } from './sql-program.js';
import { decisions } from './decisions/decisions.js';
import type { ExposureRead } from './decisions/conversion-decision.js';
import {
  DAY_MS,
  type ConversionEvent,
  type ConversionReceipt,
  type ConversionSource,
  type ExperimentCountRows,
  type ExperimentStore,
  type Exposure,
  type MetricWindows,
} from './experiment-records.js';

/** Rows per statement: few statement texts to prepare, and far below either database's limit on parameters. */
const CHUNK = 250;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** `INSERT ... VALUES (?, ...), (?, ...) ON CONFLICT ...` for rows of `width` values. */
function* insertRows(head: string, tail: string, width: number, values: unknown[][]): Program<string[]> {
  const returned: string[] = [];
  const row = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  for (const part of chunks(values)) {
    const sql = `${head} VALUES ${part.map(() => row).join(', ')} ${tail}`;
    const out = yield* exec(sql, ...part.flat());
    for (const r of out.rows) returned.push(String(Object.values(r)[0]));
  }
  return returned;
}

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class SqlExperiments implements ExperimentStore {
  constructor(private readonly dialect: Dialect) {}

  recordExposures(exposures: readonly Exposure[]) {
    if (!exposures.length) return Promise.resolve();
    return this.dialect.write(function* () {
      yield* insertRows(
        'INSERT INTO experiment_exposures (release_id, device_id, arm, market, exposed_at)',
        'ON CONFLICT (release_id, device_id) DO NOTHING',
        5,
        exposures.map((e) => [e.release, e.deviceId, e.arm, e.market, Math.trunc(e.at)]),
      );
    });
  }

  addConversions(
    events: readonly ConversionEvent[],
    source: ConversionSource,
    windows: MetricWindows,
    receivedAt: number,
  ): Promise<ConversionReceipt> {
    const unique = [...new Map(events.map((e) => [e.id, e])).values()];
    if (!unique.length) return Promise.resolve({ accepted: 0, duplicates: events.length, counted: 0 });
    return this.dialect.write(function* () {
      // The event ids this call is the first to store: only those can count (a retried call counts nothing again).
      const stored = new Set(
        yield* insertRows(
          'INSERT INTO experiment_conversions (event_id, metric, device_id, at, source, received_at)',
          'ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
          6,
          unique.map((e) => [e.id, e.metric, e.deviceId, Math.trunc(e.at), source, Math.trunc(receivedAt)]),
        ),
      );
      const fresh = unique.filter((e) => stored.has(e.id));
      const devices = [...new Set(fresh.map((e) => e.deviceId))];
      const exposures: ExposureRead[] = [];
      for (const part of chunks(devices))
        exposures.push(
          ...(yield* rows<ExposureRead>(
            `SELECT e.release_id, e.device_id, e.arm, e.market, e.exposed_at, r.experiment
             FROM experiment_exposures e JOIN releases r ON r.id = e.release_id
             WHERE r.experiment IS NOT NULL AND e.device_id IN (${list(part.length)})`,
            ...part,
          )),
        );
      const hits = decisions.countConversions({ fresh, exposures, windows, source });
      const added = yield* insertRows(
        'INSERT INTO experiment_goal_hits (release_id, metric, source, device_id, arm, market, at)',
        'ON CONFLICT (release_id, metric, source, device_id) DO NOTHING RETURNING release_id',
        7,
        hits.map((h) => [h.release_id, h.metric, h.source, h.device_id, h.arm, h.market, h.at]),
      );
      return { accepted: fresh.length, duplicates: events.length - fresh.length, counted: added.length };
    });
  }

  experimentCounts(release: string): Promise<ExperimentCountRows> {
    // One consistent read: a conversion never lands between the exposures and the hits.
    return this.dialect.snapshot(function* () {
      const exposures = yield* rows<{ arm: string; market: string; day: number | string; n: number | string }>(
        `SELECT arm, market, exposed_at / ${DAY_MS} AS day, COUNT(*) AS n FROM experiment_exposures
         WHERE release_id = ? GROUP BY arm, market, exposed_at / ${DAY_MS}`,
        release,
      );
      const hits = yield* rows<{
        metric: string;
        source: string;
        arm: string;
        market: string;
        day: number | string;
        n: number | string;
      }>(
        `SELECT metric, source, arm, market, at / ${DAY_MS} AS day, COUNT(*) AS n FROM experiment_goal_hits
         WHERE release_id = ? GROUP BY metric, source, arm, market, at / ${DAY_MS}`,
        release,
      );
      return {
        exposures: exposures.map((r) => ({
          arm: r.arm as 'base' | 'candidate',
          market: r.market,
          day: Number(r.day),
          n: Number(r.n),
        })),
        hits: hits.map((r) => ({
          metric: r.metric,
          source: r.source as ConversionSource,
          arm: r.arm as 'base' | 'candidate',
          market: r.market,
          day: Number(r.day),
          n: Number(r.n),
        })),
      };
    });
  }
}
