/**
 * Every rule of the store, once: each use case is one pure function of the rows already read (in the write
 * transaction), the time and the new ids, answering the rows to write and the audit entries, or throwing a
 * StoreError. Both databases call them through this one object (sql-store.ts, sql-releases.ts), so a rule changed
 * here changes the SQLite and the PostgreSQL store alike; the contract suites check it on both.
 */
import { discardDraft, saveDraft } from './document-decisions.js';
import { importPublished, publish, rollback } from './publish-decisions.js';
import { approve } from './approval-decision.js';
import { advance, complete, publishRelease, rollbackRelease, setPercent } from './release-decisions.js';
import { claimViews } from './view-decision.js';
import { countConversions } from './conversion-decision.js';

export const decisions = {
  saveDraft,
  discardDraft,
  importPublished,
  publish,
  rollback,
  approve,
  publishRelease,
  setPercent,
  complete,
  rollbackRelease,
  advance,
  claimViews,
  countConversions,
};

export type Decisions = typeof decisions;
