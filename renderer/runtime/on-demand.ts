/**
 * Code the first screen does without, loaded when first needed: once, again after a failed download (flaky mobile
 * data), never twice at once. The app's API client and native bridge come this way (api/lazy-api-client.ts,
 * bridge/lazy-bridge.ts).
 */
export interface OnDemand<M> {
  /** Starts (or joins) the download; a failure rejects it, and the next call tries again. */
  load(): Promise<M>;
  /** The module once it is here, else undefined. */
  now(): M | undefined;
  /** Settles when the module is here, whoever asked for it; asks for nothing itself. */
  arrival: Promise<void>;
}

export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  let arrived = () => {};
  const arrival = new Promise<void>((r) => (arrived = r));
  return {
    load: () =>
      (loading ??= load().then(
        (m) => {
          module = m;
          arrived();
          return m;
        },
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      )),
    now: () => module,
    arrival,
  };
}
