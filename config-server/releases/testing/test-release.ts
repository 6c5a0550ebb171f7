/**
 * Tests' shortcut to a release in flight: each document gets an edit of its ops-facing `description` only
 * (borrowers see the same in both arms: an A/A release), published with a rollout straight through the store, and the
 * server's snapshot refreshed. Not imported by production code.
 */
import { validStateCheck } from '../../validation/publish-checks.js';
import type { DocRef } from '../../store/config-store.js';
import type { ReleaseAudience, ReleaseExperiment, StoredRelease } from '../../store/release-records.js';
import type { TestServer } from '../../testing/test-helpers.js';

let edits = 0;

export async function startTestRelease(
  s: Pick<TestServer, 'config'>,
  opts: {
    screens?: string[];
    documents?: DocRef[];
    percent?: number;
    guard?: boolean;
    experiment?: ReleaseExperiment;
    audience?: ReleaseAudience;
  } = {},
): Promise<StoredRelease> {
  const store = s.config.store;
  const docs = [...(opts.screens ?? []).map((id) => ({ kind: 'screen', id })), ...(opts.documents ?? [])];
  for (const ref of docs) {
    const rec = (await store.getDocument(ref.kind, ref.id))!;
    const content = { ...(rec.published!.content as object), description: `identical copy edit ${++edits}` };
    await store.saveDraft({ ...ref, file: rec.file, content }, rec.revision, { user: 'ed' });
  }
  const rollout = {
    percent: opts.percent ?? 50,
    audience: opts.audience ?? {},
    startAt: null,
    endAt: null,
    guard: opts.guard ?? false,
    experiment: opts.experiment ?? null,
  };
  const r = await store.releases.publishRelease(docs, { user: 'pat', note: 'test release', rollout }, validStateCheck);
  await s.config.refresh();
  return r;
}

/**
 * A release record rolling `changed` out to half of the devices (seeded `seed-<id>`), never stored: for a snapshot or
 * a drawer built straight from documents.
 */
export function rollingRelease(
  id: string,
  changed: ReadonlyArray<{ kind: string; id: string }>,
  over: Partial<StoredRelease> = {},
): StoredRelease {
  return {
    id,
    seed: `seed-${id}`,
    status: 'rolling',
    percent: 50,
    audience: {},
    startAt: null,
    endAt: null,
    guard: false,
    experiment: null,
    note: '',
    createdAt: '',
    createdBy: '',
    updatedAt: '',
    updatedBy: '',
    documents: changed.map((c) => ({
      kind: c.kind,
      id: c.id,
      file: '',
      baseVersion: 1,
      content: c,
      hash: '',
      editors: [],
    })),
    ...over,
  };
}
