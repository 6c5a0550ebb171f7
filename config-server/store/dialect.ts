import type { Program } from './sql-program.js';

/**
 * What a database gives the store (sql-store.ts): running a program in a write transaction, as one consistent read,
 * or statement by statement. SQLite (sqlite-store.ts) and PostgreSQL (pg-store.ts) only read and write; every rule is
 * in the decisions (decisions/).
 */
export interface Dialect {
  /** One write transaction: SQLite's immediate one, PostgreSQL's (a throw anywhere rolls it all back). */
  write<T>(p: () => Program<T>): Promise<T>;
  /** One read that no write lands in the middle of. */
  snapshot<T>(p: () => Program<T>): Promise<T>;
  /** Plain reads, no transaction. */
  read<T>(p: () => Program<T>): Promise<T>;
}

/** `?` placeholders as PostgreSQL numbers them (the store's statements have no `?` inside a string). */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** SQLite compares text bytewise already and knows no collation "C". */
export const withoutCollation = (sql: string) => sql.replaceAll(' COLLATE "C"', '');
