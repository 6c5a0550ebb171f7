import { SandboxError } from './envelope.js';
import type { Endpoint } from './endpoint.js';
import type { Session } from './state.js';

/**
 * Error codes a flow cannot reach by itself (a card list that fails, a commit the backend refuses with or
 * without a message) are forced: a test asks that the next `times` calls of one path, for its token only,
 * answer `code` with `message`. Any path of the sandbox can be forced, so no endpoint grows a test switch.
 */
export const FORCE_PATH = '/sandbox-ext/force-failure';
const MAX_FORCED = 20;

export const forcedFailureEndpoints: Endpoint[] = [
  {
    methods: ['POST'],
    path: FORCE_PATH,
    request: 'sandbox-ext#force-failure',
    handle(input: { path: string; code: number; message?: string; times?: number }, ctx) {
      const forced = ctx.session.forced;
      if (forced.size >= MAX_FORCED && !forced.has(input.path)) forced.delete(forced.keys().next().value!);
      forced.set(input.path, {
        code: input.code,
        message: input.message ?? '',
        times: input.times ?? 1,
      });
      return null;
    },
  },
];

/** Throws the forced failure of `path` (and counts it down), if any. Called before a handler runs. */
export function throwForced(session: Session, path: string): void {
  const f = session.forced.get(path);
  if (!f) return;
  if (--f.times <= 0) session.forced.delete(path);
  // Verbatim: the test chose the exact message the borrower sees, for a generic code too.
  throw new SandboxError(f.code, f.message, true);
}
