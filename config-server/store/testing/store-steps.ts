/** Steps the store tests share: a draft of one screen, and that draft published as a small release. */
import { expect } from 'vitest';
import type { AuthStore, ConfigStore } from '../config-store.js';
import type { NewRelease, StoredRelease } from '../release-records.js';

/** Saves a draft of screen/not-found (published by the import) with a new `description`. */
export async function draftNotFound(store: ConfigStore, description: string) {
  const rec = (await store.getDocument('screen', 'not-found'))!;
  const content = { ...(rec.published!.content as object), description };
  return store.saveDraft({ kind: 'screen', id: 'not-found', file: rec.file, content }, rec.revision, { user: 'ed' });
}

/** Drafts screen/not-found and publishes the draft to 1 % (unchecked); answers the release. */
export async function releaseNotFound(store: ConfigStore, more: Partial<NewRelease> = {}): Promise<StoredRelease> {
  await draftNotFound(store, 'r');
  const rollout = { percent: 1, audience: {}, startAt: null, endAt: null, guard: false, ...more };
  return store.releases.publishRelease(
    [{ kind: 'screen', id: 'not-found' }],
    { user: 'pat', note: 'n', rollout },
    () => undefined,
  );
}

/**
 * After an upgrade of a database made before tokens expired (user pat, token `tok-hash`): the user is as it was, and
 * the token got an id, its user's role as its ceiling and 90 days. Answers the token.
 */
export async function expectUpgradedToken(auth: AuthStore) {
  expect(await auth.getUser('pat')).toMatchObject({ role: 'publisher', disabledAt: null });
  const t = await auth.getApiToken('tok-hash');
  expect(t).toMatchObject({ user: 'pat', label: 'ci', role: 'publisher', id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  expect(t!.expiresAt).toBeGreaterThan(Date.now() + 89 * 86_400_000);
  return t!;
}
