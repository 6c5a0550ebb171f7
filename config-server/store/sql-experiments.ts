/**
 * Experiments (experiment-records.ts) on either database, as `store.experiments`: the same statements for SQLite and
 * PostgreSQL (sql-program.ts), the rule of which conversions count in decisions/conversion-decision.ts. Rows go in as
 * multi-row VALUES of at most CHUNK rows (one statement per chunk, so a 1,000-event call is a few round trips), in
 * key order, so concurrent writers queue instead of deadlocking. Every exposure and goal hit a statement actually
 * inserts (RETURNING) is added, in the same transaction, to `experiment_counts` per release, arm, market and day: the
 * results read those few rows instead of grouping a million (a GROUP BY over 1,000,000 exposures took about 600 ms on
 * the bench's PostgreSQL, over the 500 ms budget).
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

/** `INSERT ... VALUES (?, ...), (?, ...) ON CONFLICT ...` for rows of `width` values; the rows RETURNING gave. */
function* insertRows(
  head: string,
  tail: string,
  width: number,
  values: unknown[][],
): Program<Record<string, unknown>[]> {
  const returned: Record<string, unknown>[] = [];
  const row = `(${Array.from({ length: width }, () => '?').join(', ')})`;
  for (const part of chunks(values)) {
    const sql = `${head} VALUES ${part.map(() => row).join(', ')} ${tail}`;
    returned.push(...(yield* exec(sql, ...part.flat())).rows);
  }
  return returned;
}

/** Rows in one order for every writer (by their key columns' text), so row locks are taken in the same order. */
const keyOrder = (width: number) => (a: unknown[], b: unknown[]) => {
  for (let i = 0; i < width; i++) {
    const [x, y] = [String(a[i]), String(b[i])];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

type CountKey = [
  release: string,
  kind: 'exposure' | 'hit',
  metric: string,
  source: string,
  arm: string,
  market: string,
  day: number,
];

/** Adds one to each key's counter (`experiment_counts`), keys merged and in key order. */
function* addCounts(keys: CountKey[]): Program<void> {
  const merged = new Map<string, [...CountKey, number]>();
  for (const k of keys) {
    const id = k.join('\u0000');
    const m = merged.get(id);
    if (m) m[7]++;
    else merged.set(id, [...k, 1]);
  }
  if (!merged.size) return;
  yield* insertRows(
    'INSERT INTO experiment_counts (release_id, kind, metric, source, arm, market, day, n)',
    'ON CONFLICT (release_id, kind, metric, source, arm, market, day) DO UPDATE SET n = experiment_counts.n + excluded.n',
    8,
    [...merged.values()].sort(keyOrder(7)),
  );
}

const dayOf = (ms: unknown) => Math.floor(Number(ms) / DAY_MS);

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');

export class SqlExperiments implements ExperimentStore {
  constructor(private readonly dialect: Dialect) {}

  recordExposures(exposures: readonly Exposure[]) {
    if (!exposures.length) return Promise.resolve();
    return this.dialect.write(function* () {
      const added = yield* insertRows(
        'INSERT INTO experiment_exposures (release_id, device_id, arm, market, exposed_at)',
        'ON CONFLICT (release_id, device_id) DO NOTHING RETURNING release_id, arm, market, exposed_at',
        5,
        exposures.map((e) => [e.release, e.deviceId, e.arm, e.market, Math.trunc(e.at)]).sort(keyOrder(2)),
      );
      yield* addCounts(
        added.map((r) => [
          String(r.release_id),
          'exposure',
          '',
          '',
          String(r.arm),
          String(r.market),
          dayOf(r.exposed_at),
        ]),
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
        (yield* insertRows(
          'INSERT INTO experiment_conversions (event_id, metric, device_id, at, source, received_at)',
          'ON CONFLICT (event_id) DO NOTHING RETURNING event_id',
          6,
          unique
            .map((e) => [e.id, e.metric, e.deviceId, Math.trunc(e.at), source, Math.trunc(receivedAt)])
            .sort(keyOrder(1)),
        )).map((r) => String(r.event_id)),
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
        'ON CONFLICT (release_id, metric, source, device_id) DO NOTHING RETURNING release_id, metric, source, arm, market, at',
        7,
        hits.map((h) => [h.release_id, h.metric, h.source, h.device_id, h.arm, h.market, h.at]).sort(keyOrder(4)),
      );
      yield* addCounts(
        added.map((r) => [
          String(r.release_id),
          'hit',
          String(r.metric),
          String(r.source),
          String(r.arm),
          String(r.market),
          dayOf(r.at),
        ]),
      );
      return { accepted: fresh.length, duplicates: events.length - fresh.length, counted: added.length };
    });
  }

  experimentCounts(release: string): Promise<ExperimentCountRows> {
    return this.dialect.read(function* () {
      const rs = yield* rows<{
        kind: string;
        metric: string;
        source: string;
        arm: 'base' | 'candidate';
        market: string;
        day: number | string;
        n: number | string;
      }>('SELECT kind, metric, source, arm, market, day, n FROM experiment_counts WHERE release_id = ?', release);
      const out: ExperimentCountRows = { exposures: [], hits: [] };
      for (const r of rs) {
        const base = { arm: r.arm, market: r.market, day: Number(r.day), n: Number(r.n) };
        if (r.kind === 'exposure') out.exposures.push(base);
        else out.hits.push({ metric: r.metric, source: r.source as ConversionSource, ...base });
      }
      return out;
    });
  }
}
