/**
 * Releases in the admin API (issue 36): a publish with a `rollout` starts one (publish-routes.ts calls
 * `publishRollout`).
 */
import type { ConfigStore, DocRef, NewDocument, PublishCheck } from '../store/config-store.js';
import type { NewRelease, StoredRelease } from '../store/release-records.js';

/** The published markets (an audience may only name these). */
export const marketIds = (published: NewDocument[]) => published.filter((d) => d.kind === 'market').map((d) => d.id).sort();

/** How a publish answers about the release it started. */
export const releaseHandle = (r: StoredRelease) => ({ id: r.id, percent: r.percent, status: r.status });

/** `POST /publish` with a rollout: the drafts become the candidate of a new release; what was published stays the base. */
export async function publishRollout(
  store: ConfigStore,
  items: (DocRef & { expectedRevision?: number })[],
  opts: { user: string; note: string; rollout: NewRelease },
  check: PublishCheck,
  onPublished: () => Promise<void>,
) {
  const release = await store.releases.publishRelease(items, opts, check);
  await onPublished();
  return { published: [], release: releaseHandle(release) };
}
