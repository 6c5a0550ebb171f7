/** Per screen (its lifetime's signal), the last call started for each `resultTo` path. */
const latest = new WeakMap<AbortSignal, Map<string, number>>();
let tickets = 0;

/**
 * Starts a call that will write `path`; the function it gives says, once the answer is back, whether that call is still
 * the screen's latest for the path. Answers come back in any order on a flaky link: when a borrower switches pay type
 * before the first type's options arrive, the older answer must not land over the newer one (it drew one type's
 * options, nameless, under the other). The borrower's last choice wins.
 */
export function startCall(screen: AbortSignal, path: string): () => boolean {
  let calls = latest.get(screen);
  if (!calls) latest.set(screen, (calls = new Map()));
  const ticket = ++tickets;
  calls.set(path, ticket);
  return () => calls.get(path) === ticket;
}
