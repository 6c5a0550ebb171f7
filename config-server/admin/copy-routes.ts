import { Router } from 'express';
import { copyFindings, type CopyFinding } from '../validation/copy/copy-findings.js';
import type { ConfigStore } from '../store/config-store.js';

/**
 * Copy QA findings on what ops are editing: each document's draft, or its published content when it has
 * none. `locales`: only the findings of those text sets (the screens and other text sets still count as context).
 */
export async function draftCopyFindings(store: ConfigStore, locales?: string[]): Promise<CopyFinding[]> {
  const documents = (await store.listDocuments()).flatMap((r) => {
    const content = r.draft?.content ?? r.published?.content;
    return content === undefined ? [] : [{ kind: r.kind, content }];
  });
  return copyFindings({ documents, locales });
}

/** The console's copy table and review page read every finding at once (viewer role: behind `authenticate`). */
export function copyRouter(store: ConfigStore) {
  const router = Router();
  router.get('/copy/findings', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ findings: await draftCopyFindings(store) });
  });
  return router;
}
