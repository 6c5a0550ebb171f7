/**
 * Publishing shortcuts for the live-stream tests: a copy change and a market setting, saved and published straight
 * through the store (as releases/testing/test-release.ts does) and the server's snapshot refreshed. Not imported by
 * production code.
 */
import { validStateCheck } from '../../validation/publish-checks.js';
import type { TestServer } from '../../testing/test-helpers.js';

type Doc = Record<string, unknown>;

/** Publishes `edit` of a published document; resolves when this server serves it. */
export async function publishEdit(
  s: Pick<TestServer, 'config'>,
  kind: string,
  id: string,
  edit: (content: Doc) => void,
): Promise<void> {
  const store = s.config.store;
  const rec = (await store.getDocument(kind, id))!;
  const content = structuredClone(rec.published!.content as Doc);
  edit(content);
  await store.saveDraft({ kind, id, file: rec.file, content }, rec.revision, { user: 'ed' });
  await store.publish([{ kind, id }], { user: 'pat', note: 'live test' }, validStateCheck);
  await s.config.refresh();
}

/** A copy change in the ID market's text set: `value` appended to its first text (every text set has the same keys). */
export const publishText = (s: Pick<TestServer, 'config'>, value: string) =>
  publishEdit(s, 'text-set', 'id-ID', (c) => {
    const texts = c.texts as Record<string, string>;
    const key = Object.keys(texts)[0];
    texts[key] = `${texts[key]} ${value}`;
  });
