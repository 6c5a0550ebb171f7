/**
 * Releases (release-records.ts) moving through their life: published to a share, widened or narrowed, completed,
 * rolled back, started and ended on schedule. Widening and completing run the publish check (four eyes) on the
 * release's documents as the change set; narrowing and rolling back never wait.
 */
import { conflict } from '../store-errors.js';
import { jsonDiff } from '../json-diff.js';
import { contentHash } from '../content-hash.js';
import {
  initialStatus,
  isOpen,
  MAX_OPEN_RELEASES,
  noReleaseError,
  notOpenError,
  OPEN_STATUSES,
  releaseSummary,
  SCHEDULE_ACTOR,
  type NewRelease,
  type StoredRelease,
} from '../release-records.js';
import type { Change, DocRef, NewDocument, PublishCheck } from '../records.js';
import { decision, type AuditDraft, type Decision, type RowWrite, type VersionRow } from './decision.js';
import { keyOf, publishable, versionRow, wouldBeWith, type ItemRead } from './publish-decisions.js';

/** A release's documents as a change set (base → candidate), and the published state with its candidate in place. */
export function releaseChanges(
  documents: StoredRelease['documents'],
  published: NewDocument[],
  approvedBy: (ref: DocRef) => string[],
): { changes: Change[]; wouldBe: NewDocument[] } {
  const before = new Map(published.map((d) => [keyOf(d), d.content]));
  const changes: Change[] = documents.map((d) => ({
    kind: d.kind,
    id: d.id,
    file: d.file,
    before: before.get(keyOf(d)) ?? null,
    after: d.content,
    editors: d.editors,
    approvedBy: approvedBy(d),
  }));
  const inPlace = new Set(published.map(keyOf));
  return {
    changes,
    wouldBe: wouldBeWith(
      published,
      changes.filter((c) => inPlace.has(keyOf(c))),
    ),
  };
}

const releaseAudit = (actor: string, action: string, id: string, note: string): AuditDraft => ({
  actor,
  action,
  kind: 'release',
  id,
  version: null,
  diff: null,
  note,
});

/** The release, when it is still scheduled or rolling (404 or 409 otherwise). */
export function openRelease(r: StoredRelease | undefined, id: string): StoredRelease {
  if (!r) throw noReleaseError(id);
  if (!isOpen(r.status)) throw notOpenError(r);
  return r;
}

const moved = (r: StoredRelease, set: { status?: string; percent?: number }, at: string, by: string): RowWrite => ({
  op: 'release.update',
  id: r.id,
  from: OPEN_STATUSES,
  set,
  updated_at: at,
  updated_by: by,
});

export interface PublishReleaseInput {
  items: ItemRead[];
  /** Open releases, oldest first. */
  open: StoredRelease[];
  published: NewDocument[];
  user: string;
  note: string;
  rollout: NewRelease;
  at: string;
  /** The new release's id and seed (used when the rollout names none). */
  id: string;
  seed: string;
  check: PublishCheck;
}

/** Drafts become a new release's candidate: the drafts go, what was published stays the base. */
export function publishRelease(p: PublishReleaseInput): Decision & { id: string } {
  if (p.open.length >= MAX_OPEN_RELEASES)
    throw conflict(`${p.open.length} releases are open: complete or roll back one first`);
  const changes: Change[] = p.items.map((read) => {
    const rec = publishable(read);
    if (!rec.published)
      throw conflict(
        `${read.item.kind}/${read.item.id} was never published: a release changes published documents, so publish it without a rollout first`,
      );
    return {
      kind: rec.kind,
      id: rec.id,
      file: rec.file,
      before: rec.published.content,
      after: rec.draft.content,
      editors: rec.draft.editors,
      savedBy: rec.draft.updatedBy,
      approvedBy: read.approvedBy,
    };
  });
  const r: StoredRelease = {
    id: p.id,
    status: initialStatus(p.rollout.startAt, p.at),
    ...p.rollout,
    experiment: p.rollout.experiment ?? null,
    seed: p.rollout.seed ?? p.seed,
    note: p.note,
    createdAt: p.at,
    createdBy: p.user,
    updatedAt: p.at,
    updatedBy: p.user,
    documents: changes.map((c, i) => ({
      kind: c.kind,
      id: c.id,
      file: c.file,
      baseVersion: p.items[i].rec!.published!.version,
      content: c.after,
      hash: contentHash(c.after),
      editors: c.editors,
    })),
  };
  // The candidate arm is checked as borrowers will get it: alone, and with every other open release's candidate.
  p.check({ wouldBe: releaseChanges(r.documents, p.published, () => []).wouldBe, changes });
  if (p.open.length) {
    const all = p.open.flatMap((o) => o.documents).concat(r.documents);
    p.check({ wouldBe: releaseChanges(all, p.published, () => []).wouldBe, changes });
  }
  const writes: RowWrite[] = [
    {
      op: 'release.insert',
      row: {
        id: r.id,
        seed: r.seed,
        status: r.status,
        percent: r.percent,
        audience: JSON.stringify(r.audience),
        start_at: r.startAt,
        end_at: r.endAt,
        guard: r.guard ? 1 : 0,
        experiment: r.experiment ? JSON.stringify(r.experiment) : null,
        note: r.note,
        created_at: p.at,
        created_by: p.user,
        updated_at: p.at,
        updated_by: p.user,
      },
    },
  ];
  const audit: AuditDraft[] = [];
  for (const [i, d] of r.documents.entries()) {
    const rec = p.items[i].rec!;
    const ref = { kind: d.kind, id: d.id };
    writes.push(
      {
        op: 'release.document',
        row: {
          release_id: r.id,
          ...ref,
          file: d.file,
          base_version: d.baseVersion,
          content: JSON.stringify(d.content),
          hash: d.hash,
          editors: JSON.stringify(d.editors),
        },
      },
      { op: 'approvals.carry', ref, etag: rec.etag, releaseId: r.id },
      // The draft became the candidate: gone from the document, which therefore changes (its admin ETag too).
      { op: 'draft.delete', ref },
      { op: 'document.bump', ref, revision: rec.revision },
    );
    audit.push({
      actor: p.user,
      action: 'release.candidate',
      ...ref,
      version: null,
      diff: jsonDiff(changes[i].before, d.content),
      note: `release ${r.id}: ${p.note}`,
    });
  }
  audit.push(releaseAudit(p.user, 'release.create', r.id, `${r.status}, ${releaseSummary(r)}: ${p.note}`));
  return { ...decision(p.at, writes, audit, true), id: r.id };
}

export interface ReleaseMove {
  id: string;
  release: StoredRelease | undefined;
  user: string;
  at: string;
}

/** A release's change set as it stands: the published state and who approved each candidate. */
export interface ReleaseChangeReads {
  published: NewDocument[];
  approvedBy: (ref: DocRef) => string[];
  check: PublishCheck;
}

/** Widening checks the release's documents first; the same share changes nothing. */
export function setPercent(p: ReleaseMove & ReleaseChangeReads & { percent: number }): Decision {
  const r = openRelease(p.release, p.id);
  if (p.percent > r.percent) p.check(releaseChanges(r.documents, p.published, p.approvedBy));
  if (p.percent === r.percent) return decision(p.at, [], []);
  const note = `${r.percent} % → ${p.percent} %`;
  return decision(
    p.at,
    [moved(r, { percent: p.percent }, p.at, p.user)],
    [releaseAudit(p.user, 'release.percent', r.id, note)],
    true,
  );
}

/** The candidate becomes the base: a normal publish of its documents (new versions in their history). */
export function complete(
  p: ReleaseMove & ReleaseChangeReads & { note: string; lastVersion: (ref: DocRef) => number },
): Decision & { versions: VersionRow[] } {
  const r = openRelease(p.release, p.id);
  const { changes, wouldBe } = releaseChanges(r.documents, p.published, p.approvedBy);
  p.check({ changes, wouldBe });
  const note = `release ${r.id}: ${p.note}`;
  const versions = changes.map((c) =>
    versionRow({ ...c, content: c.after }, p.lastVersion(c) + 1, { user: p.user, at: p.at, note }),
  );
  const writes: RowWrite[] = changes.map((c, i) => ({ op: 'version.insert', row: versions[i], file: c.file }));
  writes.push(moved(r, { status: 'complete' }, p.at, p.user));
  const audit: AuditDraft[] = changes.map((c, i) => ({
    actor: p.user,
    action: 'publish',
    kind: c.kind,
    id: c.id,
    version: versions[i].version,
    diff: jsonDiff(c.before, c.after),
    note,
  }));
  audit.push(releaseAudit(p.user, 'release.complete', r.id, p.note));
  return { ...decision(p.at, writes, audit, true), versions };
}

/** Everyone back to the base, now. Never checked: a rollback must always be possible. */
export function rollbackRelease(p: ReleaseMove & { reason: string }): Decision {
  const r = openRelease(p.release, p.id);
  return decision(
    p.at,
    [moved(r, { status: 'rolled-back' }, p.at, p.user)],
    [releaseAudit(p.user, 'release.rollback', r.id, p.reason)],
    true,
  );
}

/** Open releases whose end passed end; scheduled ones whose start passed start. `changed`: their ids, ended first. */
export function advance({ open, at }: { open: StoredRelease[]; at: string }): Decision & { changed: string[] } {
  const ended = open.filter((r) => r.endAt !== null && r.endAt <= at);
  const started = open.filter(
    (r) => !ended.includes(r) && r.status === 'scheduled' && r.startAt !== null && r.startAt <= at,
  );
  const writes = [
    ...ended.map((r) => moved(r, { status: 'ended' }, at, SCHEDULE_ACTOR)),
    ...started.map((r) => moved(r, { status: 'rolling' }, at, SCHEDULE_ACTOR)),
  ];
  const audit = [
    ...ended.map((r) => releaseAudit(SCHEDULE_ACTOR, 'release.end', r.id, `ended as scheduled for ${r.endAt}`)),
    ...started.map((r) => releaseAudit(SCHEDULE_ACTOR, 'release.start', r.id, `started as scheduled for ${r.startAt}`)),
  ];
  return { ...decision(at, writes, audit, writes.length > 0), changed: [...ended, ...started].map((r) => r.id) };
}
