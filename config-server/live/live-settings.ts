import { intSetting } from '../http/int-setting.js';

/**
 * The live streams' settings, read once at start; a value that makes no sense stops the start, naming the setting,
 * rather than leaving a replica with no cap or a heartbeat no proxy would keep a connection open for.
 */
export interface LiveSettings {
  /** Borrowers' streams one replica holds open; beyond it 503 + Retry-After. */
  maxStreams: number;
  /** The console's streams, counted apart: borrowers filling their cap never shut the console out (and back). */
  consoleMaxStreams: number;
  /** The share (%) of `maxStreams` one client address may hold; beyond it 429 + Retry-After. */
  addressShare: number;
  /** A comment line this often keeps proxies and NATs from closing an idle stream (ms). */
  heartbeatMs: number;
  /** The `retry:` a stream gives EventSource and the Retry-After of a 503 (ms). */
  retryMs: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  maxStreams: 20_000,
  consoleMaxStreams: 200,
  addressShare: 5,
  heartbeatMs: 25_000,
  retryMs: 3_000,
};

/**
 * `LIVE_MAX_STREAMS` (0 turns every stream off, the console's too), `LIVE_MAX_CONSOLE_STREAMS`, `LIVE_ADDRESS_SHARE`,
 * `LIVE_HEARTBEAT_MS`, `LIVE_RETRY_MS`.
 */
export function liveSettingsFromEnv(env: NodeJS.ProcessEnv): LiveSettings {
  const maxStreams = intSetting(env, 'LIVE_MAX_STREAMS', {
    fallback: DEFAULT_LIVE_SETTINGS.maxStreams,
    min: 0,
    max: 1_000_000,
  });
  return {
    maxStreams,
    consoleMaxStreams: maxStreams
      ? intSetting(env, 'LIVE_MAX_CONSOLE_STREAMS', {
          fallback: DEFAULT_LIVE_SETTINGS.consoleMaxStreams,
          min: 0,
          max: 100_000,
        })
      : 0,
    addressShare: intSetting(env, 'LIVE_ADDRESS_SHARE', {
      fallback: DEFAULT_LIVE_SETTINGS.addressShare,
      min: 1,
      max: 100,
    }),
    heartbeatMs: intSetting(env, 'LIVE_HEARTBEAT_MS', {
      fallback: DEFAULT_LIVE_SETTINGS.heartbeatMs,
      min: 10,
      max: 600_000,
    }),
    retryMs: intSetting(env, 'LIVE_RETRY_MS', { fallback: DEFAULT_LIVE_SETTINGS.retryMs, min: 100, max: 600_000 }),
  };
}
