/**
 * The live streams' settings (issue 47), read once at start; a value that makes no sense stops the start, naming
 * the setting, rather than leaving a replica with no cap or a heartbeat no proxy would keep a connection open for.
 */
export interface LiveSettings {
  /** Streams one replica holds open (borrowers' and the console's together); beyond it 503 + Retry-After. */
  maxStreams: number;
  /** A comment line this often keeps proxies and NATs from closing an idle stream (ms). */
  heartbeatMs: number;
  /** The `retry:` a stream gives EventSource and the Retry-After of a 503 (ms). */
  retryMs: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = { maxStreams: 20_000, heartbeatMs: 25_000, retryMs: 3_000 };

function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = (env[name] ?? '').trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got '${raw.slice(0, 40)}')`);
  return n;
}

/** `LIVE_MAX_STREAMS` (0 turns streams off: every stream is a 503), `LIVE_HEARTBEAT_MS`, `LIVE_RETRY_MS`. */
export function liveSettingsFromEnv(env: NodeJS.ProcessEnv): LiveSettings {
  return {
    maxStreams: intSetting(env, 'LIVE_MAX_STREAMS', DEFAULT_LIVE_SETTINGS.maxStreams, 0, 1_000_000),
    heartbeatMs: intSetting(env, 'LIVE_HEARTBEAT_MS', DEFAULT_LIVE_SETTINGS.heartbeatMs, 10, 600_000),
    retryMs: intSetting(env, 'LIVE_RETRY_MS', DEFAULT_LIVE_SETTINGS.retryMs, 100, 600_000),
  };
}
