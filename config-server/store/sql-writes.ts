/**
 * A decision (decisions/decision.ts) written: its rows, its audit entries and, when borrowers' state changed, the
 * generation. The statements are the same for both databases; they run in the transaction that read the decision's
 * input, so what the decision saw is what it changes.
 */
import { alreadyExists, stale } from './store-errors.js';
import { exec, type Program } from './sql-program.js';
import { bumpGeneration } from './sql-reads.js';
import type { AuditDraft, Decision, RowWrite } from './decisions/decision.js';

const columns = (row: object) => Object.keys(row).join(', ');
const marks = (row: object) =>
  Object.keys(row)
    .map(() => '?')
    .join(', ');
const values = (row: object) => Object.values(row);

function* write(w: RowWrite): Program<void> {
  switch (w.op) {
    case 'document.create': {
      const done = yield* exec(
        'INSERT INTO documents (kind, id, file, revision, published_version) VALUES (?, ?, ?, 1, NULL) ON CONFLICT DO NOTHING',
        w.kind,
        w.id,
        w.file,
      );
      // Another replica created it between our read and this write.
      if (done.changes !== 1) throw alreadyExists(w.kind, w.id);
      return;
    }
    case 'document.bump': {
      const done = yield* exec(
        'UPDATE documents SET revision = revision + 1 WHERE kind = ? AND id = ? AND revision = ?',
        w.ref.kind,
        w.ref.id,
        w.revision,
      );
      if (done.changes !== 1) throw stale(`${w.ref.kind}/${w.ref.id} was changed by someone else: reload it`, '""');
      return;
    }
    case 'document.delete':
      yield* exec('DELETE FROM documents WHERE kind = ? AND id = ?', w.ref.kind, w.ref.id);
      return;
    case 'version.insert':
      yield* exec(`INSERT INTO versions (${columns(w.row)}) VALUES (${marks(w.row)})`, ...values(w.row));
      yield* exec(
        `INSERT INTO documents (kind, id, file, revision, published_version) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT (kind, id) DO UPDATE SET published_version = excluded.published_version, revision = documents.revision + 1`,
        w.row.kind,
        w.row.id,
        w.file,
        w.row.version,
      );
      return;
    case 'draft.put':
      yield* exec(
        `INSERT INTO drafts (${columns(w.row)}) VALUES (${marks(w.row)})
         ON CONFLICT (kind, id) DO UPDATE SET content = excluded.content, hash = excluded.hash, base_version = excluded.base_version,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by, editors = excluded.editors`,
        ...values(w.row),
      );
      return;
    case 'draft.delete':
      yield* exec('DELETE FROM drafts WHERE kind = ? AND id = ?', w.ref.kind, w.ref.id);
      return;
    case 'release.insert':
    case 'release.document':
    case 'approval.put': {
      const table = {
        'release.insert': 'releases',
        'release.document': 'release_documents',
        'approval.put': 'approvals',
      }[w.op];
      yield* exec(
        `INSERT INTO ${table} (${columns(w.row)}) VALUES (${marks(w.row)}) ON CONFLICT DO NOTHING`,
        ...values(w.row),
      );
      return;
    }
    case 'release.update': {
      const set = Object.keys(w.set).map((k) => `${k} = ?`);
      yield* exec(
        `UPDATE releases SET ${[...set, 'updated_at = ?', 'updated_by = ?'].join(', ')}
         WHERE id = ? AND status IN (${w.from.map(() => '?').join(', ')})`,
        ...Object.values(w.set),
        w.updated_at,
        w.updated_by,
        w.id,
        ...w.from,
      );
      return;
    }
    case 'approvals.forget':
      yield* exec(
        "DELETE FROM approvals WHERE kind = ? AND id = ? AND release_id = '' AND etag <> ?",
        w.ref.kind,
        w.ref.id,
        w.etag,
      );
      return;
    case 'approvals.carry':
      yield* exec(
        `INSERT INTO approvals (kind, id, etag, version, approver, at, release_id)
         SELECT kind, id, etag, version, approver, at, ? FROM approvals
         WHERE kind = ? AND id = ? AND etag = ? AND version = 0 AND release_id = '' ON CONFLICT DO NOTHING`,
        w.releaseId,
        w.ref.kind,
        w.ref.id,
        w.etag,
      );
      return;
  }
}

/** Appends one audit entry at `at` (the log is append-only: the databases refuse changes). */
export function* appendAudit(e: AuditDraft, at: string): Program<void> {
  yield* exec(
    'INSERT INTO audit (at, actor, action, kind, id, version, diff, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    at,
    e.actor,
    e.action,
    e.kind,
    e.id,
    e.version,
    e.diff ? JSON.stringify(e.diff) : null,
    e.note,
  );
}

/** Writes everything the decision answered, in order. */
export function* applyDecision(d: Decision): Program<void> {
  for (const w of d.writes) yield* write(w);
  for (const e of d.audit) yield* appendAudit(e, d.at);
  if (d.published) yield* bumpGeneration();
}
