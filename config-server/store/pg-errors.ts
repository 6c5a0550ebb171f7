import { StoreError } from './store-errors.js';

/** Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not reachable right now". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|the database system is (starting up|shutting down)/i;

export function isUnreachable(e: unknown): boolean {
  const code = String((e as { code?: unknown })?.code ?? '');
  return (
    UNREACHABLE_CODES.has(code) ||
    code.startsWith('08') ||
    UNREACHABLE_MESSAGE.test(String((e as Error)?.message ?? ''))
  );
}

export const DATABASE_DOWN =
  'The configuration database is unreachable, so nothing can be saved right now. The published configuration is still served; try again in a moment (the server reconnects by itself).';

/** What a store call rejects with: our own StoreErrors as they are, a lost database as `unavailable`, anything else unchanged. */
export function storeError(e: unknown): unknown {
  if (e instanceof StoreError) return e;
  if (isUnreachable(e)) return new StoreError('unavailable', DATABASE_DOWN, undefined, { retryAfterSeconds: 5 });
  return e;
}
