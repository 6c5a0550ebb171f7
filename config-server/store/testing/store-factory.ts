/**
 * What every store contract (store-, auth-, release-, approval- and telemetry-contract.ts) is given: a way to open a
 * fresh store of one kind, open it again, and dispose of it. sqlite-store.test.ts and pg-store.test.ts make one each.
 */
import type { AuthStore, ConfigStore } from '../config-store.js';
import type { Clock } from '../../clock.js';

export interface OpenedStore {
  store: ConfigStore;
  auth: AuthStore;
  /** Runs one SQL statement directly against the database, bypassing the store's code. */
  raw(sql: string): Promise<unknown>;
}

export interface StoreFactory {
  /** A new, empty store (and the same database again on `reopen`), on the system clock unless given one. */
  create(clock?: Clock): Promise<OpenedStore>;
  reopen(): Promise<OpenedStore>;
  dispose(): Promise<void>;
}
