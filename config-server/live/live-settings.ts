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

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got '${raw.slice(0, 40)}')`);
  return n;
}

/**
 * `LIVE_MAX_STREAMS` (0 turns every stream off, the console's too), `LIVE_MAX_CONSOLE_STREAMS`, `LIVE_ADDRESS_SHARE`,
 * `LIVE_HEARTBEAT_MS`, `LIVE_RETRY_MS`.
 */
export function liveSettingsFromEnv(env: NodeJS.ProcessEnv): LiveSettings {
  const maxStreams = intSetting(env, 'LIVE_MAX_STREAMS', DEFAULT_LIVE_SETTINGS.maxStreams, 0, 1_000_000);
  return {
    maxStreams,
    consoleMaxStreams: maxStreams
      ? intSetting(env, 'LIVE_MAX_CONSOLE_STREAMS', DEFAULT_LIVE_SETTINGS.consoleMaxStreams, 0, 100_000)
      : 0,
    addressShare: intSetting(env, 'LIVE_ADDRESS_SHARE', DEFAULT_LIVE_SETTINGS.addressShare, 1, 100),
    heartbeatMs: intSetting(env, 'LIVE_HEARTBEAT_MS', DEFAULT_LIVE_SETTINGS.heartbeatMs, 10, 600_000),
    retryMs: intSetting(env, 'LIVE_RETRY_MS', DEFAULT_LIVE_SETTINGS.retryMs, 100, 600_000),
  };
}
