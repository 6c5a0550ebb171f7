/**
 * The store's reads and writes written once for both databases: a program is a generator that yields SQL statements
 * and gets each one's outcome back. SQLite runs it synchronously inside one `.immediate()` transaction
 * (sqlite-store.ts), PostgreSQL awaits each statement inside its transaction (pg-store.ts). Statements use `?`
 * placeholders and PostgreSQL's `COLLATE "C"` for byte order; each dialect adapts the text (dialect.ts).
 */
export interface Statement {
  sql: string;
  args: unknown[];
  /**
   * Only PostgreSQL runs it: a row lock, the publishing lock, a notification to the replicas. An immediate SQLite
   * transaction already holds the whole database, and it has no other process to tell.
   */
  pgOnly?: boolean;
}

export interface Outcome {
  rows: Record<string, unknown>[];
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  changes: number;
}

export type Program<T> = Generator<Statement, T, Outcome>;

/** Runs one statement. */
export function* exec(sql: string, ...args: unknown[]): Program<Outcome> {
  return yield { sql, args };
}

/** The rows of one statement. */
export function* rows<T>(sql: string, ...args: unknown[]): Program<T[]> {
  return (yield { sql, args }).rows as T[];
}

/** A statement only PostgreSQL runs (see Statement.pgOnly). */
export function* pgOnly(sql: string, ...args: unknown[]): Program<Outcome> {
  return yield { sql, args, pgOnly: true };
}

/** Runs a program whose statements answer at once (SQLite). */
export function runSync<T>(p: Program<T>, run: (s: Statement) => Outcome): T {
  let step = p.next();
  while (!step.done) step = p.next(run(step.value));
  return step.value;
}

/** Runs a program whose statements answer over the network (PostgreSQL). */
export async function runAsync<T>(p: Program<T>, run: (s: Statement) => Promise<Outcome>): Promise<T> {
  let step = p.next();
  while (!step.done) step = p.next(await run(step.value));
  return step.value;
}
