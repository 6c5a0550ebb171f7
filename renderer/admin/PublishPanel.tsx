/**
 * Review and publish: every document with a draft (the change set) with a readable diff against the
 * live version and who drafted it, the check of the whole would-be published state (each error with
 * file and JSON pointer), and, for publishers, publish with a note. Where a market asks for four
 * eyes the page says, per document, whether it has its second person (a colleague drafted it, or another publisher
 * approved this very draft), offers Approve to a publisher who can be that person, and does not offer the drafter to
 * publish their own unapproved change (the server refuses it per document). The ETags
 * reviewed here go with the publish, so a draft changed after review is refused (412), never
 * published unseen. Beside Publish, "Publish to N %" sends the same set to a share of borrowers as a release.
 * Copy QA findings are listed per key and locale; a publish the server refuses for a copy error names key, locale and
 * check, and one refused for copy warnings asks the publisher for a reason (a dialog) and is sent again with it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AdminApiError, adminApi } from './admin-api';
import {
  canPublish,
  currentContent,
  type DocRecord,
  type DocSummary,
  type Problem,
  type ReleaseExperiment,
  type Role,
  type Rollout,
} from './admin-types';
import { describeFinding, findingsOf, findingsOfChange, type CopyFinding } from './copy/copy-findings';
import { describeError } from './describe-error';
import { useLatest } from './use-latest';
import { formatHash } from './nav/hash-route';
import TestThisDraft from './experiments/TestThisDraft';
import PublishToShare from './releases/PublishToShare';
import { percentText } from './releases/release-format';
import { canApprove, fourEyes, strictMarkets, type FourEyesChange } from './review/four-eyes';
import AcceptWarningsDialog from './review/AcceptWarningsDialog';
import CopyFindingList from './review/CopyFindingList';
import ProblemList from './review/ProblemList';
import ReviewDocCard from './review/ReviewDocCard';
import './review/review.css';

interface Props {
  role: Role;
  /** Who is logged in (the four-eyes hint); asked from the server when not given. */
  user?: string;
  onPublished(): void;
}

const keyOf = (d: { kind: string; id: string }) => `${d.kind}/${d.id}`;

export default function PublishPanel({ role, user: givenUser, onPublished }: Props) {
  const [drafts, setDrafts] = useState<DocSummary[] | null>(null);
  const [records, setRecords] = useState<Record<string, DocRecord>>({});
  const [markets, setMarkets] = useState<unknown[]>([]);
  const [publishedMarkets, setPublishedMarkets] = useState<unknown[]>([]);
  /** The release a publish to a share started: the Releases page, or an experiment's results, watch it. */
  const [released, setReleased] = useState<{ id: string; experiment: boolean } | null>(null);
  const [user, setUser] = useState(givenUser ?? '');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  /** The last check's problems (null: it could not run), and the set (`selectionKey`) they are about. */
  const [checked, setChecked] = useState<{ of: string; problems: Problem[] | null } | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [copyFindings, setCopyFindings] = useState<CopyFinding[] | null>(null);
  /** A publish refused for copy warnings, waiting for the publisher's reason. */
  const [pending, setPending] = useState<{
    rollout?: Rollout;
    experiment?: ReleaseExperiment;
    warnings: CopyFinding[];
  } | null>(null);
  const publisher = canPublish(role);
  const seen = useRef(new Set<string>());

  // A reload (after an approval, a publish or its refusal) asks again: an earlier load answering late must not put
  // the change set, its copy findings or an error of before over the ones of now.
  const beginLoad = useLatest();
  const load = useCallback(async () => {
    const latest = beginLoad();
    try {
      const all = await adminApi.list();
      const list = all.filter((d) => d.hasDraft);
      const marketDocs = all.filter((d) => d.kind === 'market');
      const wanted = [...list, ...marketDocs.filter((m) => !m.hasDraft)];
      const recs = await Promise.all(wanted.map((d) => adminApi.get(d.kind, d.id)));
      if (!latest()) return;
      setRecords(Object.fromEntries(recs.map((r) => [keyOf(r), r])));
      // Both sides count: a draft switching four eyes on or off is judged by the stricter one.
      setMarkets(recs.filter((r) => r.kind === 'market').flatMap((r) => [r.published?.content, currentContent(r)]));
      // A release's audience may name published markets only.
      setPublishedMarkets(recs.filter((r) => r.kind === 'market' && r.published).map((r) => r.published!.content));
      setDrafts(list);
      // A reload keeps what the publisher left out; drafts not seen before start ticked.
      const fresh = new Set(list.map(keyOf).filter((k) => !seen.current.has(k)));
      fresh.forEach((k) => seen.current.add(k));
      setChosen((prev) => new Set(list.map(keyOf).filter((k) => prev.has(k) || fresh.has(k))));
      if (!givenUser) {
        const me = (await adminApi.me())?.user ?? '';
        if (latest()) setUser(me);
      }
    } catch (e) {
      if (!latest()) return;
      setError(describeError(e));
    }
    // An aid for the reviewer: the publish itself is checked by the server either way.
    const findings = await adminApi.copyFindings().catch(() => null);
    if (latest()) setCopyFindings(findings);
  }, [givenUser, beginLoad]);
  useEffect(() => void load(), [load]);

  const selected = useMemo(() => (drafts ?? []).filter((d) => chosen.has(keyOf(d))), [drafts, chosen]);
  // Changes when the set or any draft in it changes (ETag), so the check always matches what is shown.
  const selectionKey = selected.map((d) => `${keyOf(d)}@${d.etag}`).join('|');
  // Only the check of the set now ticked is shown and counts: until it is in, the publish waits for it.
  const problems = checked?.of === selectionKey ? checked.problems : null;

  // A slow check of the set before must not land over the set now ticked: its verdict would allow or block the wrong
  // publish.
  const beginCheck = useLatest();
  const check = useCallback(async () => {
    const latest = beginCheck();
    if (!selected.length) return setChecked(null);
    try {
      const found = await adminApi.validate({ documents: selected.map(({ kind, id }) => ({ kind, id })) });
      if (latest()) setChecked({ of: selectionKey, problems: found });
    } catch (e) {
      if (!latest()) return;
      setError(describeError(e));
      // The server checks the publish itself: a check that cannot run here does not hold the publish back.
      setChecked({ of: selectionKey, problems: null });
    }
    // selectionKey stands for `selected`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionKey]);
  // The check of the whole would-be state runs by itself whenever the set changes: nobody publishes unchecked.
  useEffect(() => void check(), [check]);

  /** A document as the four-eyes rule sees it: its markets, drafters and the approvals of its current draft. */
  const eyesChange = (d: DocSummary): FourEyesChange => ({
    key: keyOf(d),
    markets: d.markets,
    editors: d.editors.length ? d.editors : [d.draftUpdatedBy ?? ''],
    ...(d.draftUpdatedBy ? { savedBy: d.draftUpdatedBy } : {}),
    approvers: (d.approvals ?? []).filter((a) => a.version === null).map((a) => a.approver),
  });
  const eyes = fourEyes({ markets, changes: selected.map(eyesChange), publisher: user });
  // Every draft's standing, ticked or not (a card shows it either way).
  const eyesOf = new Map(
    fourEyes({ markets, changes: (drafts ?? []).map(eyesChange), publisher: user }).documents.map((v) => [v.key, v]),
  );
  const strict = strictMarkets(markets);
  const alone = eyes.documents.filter((v) => v.state === 'needs-second').map((v) => v.key.replace('/', ' '));

  /** Approves the draft as shown (its ETag): a changed draft is refused (412) and the page shows the new one. */
  async function approve(d: DocSummary) {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await adminApi.approve(d.kind, d.id, d.etag);
      setStatus(`Approved ${d.kind} ${d.id} as shown.`);
      await load();
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 412) {
        setError(
          `${d.kind} ${d.id} changed after you reviewed it. The page now shows the new draft: review it and approve again.`,
        );
        await load();
      } else setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  async function publish(rollout?: Rollout, acceptWarnings?: { reason: string }, experiment?: ReleaseExperiment) {
    setPending(null);
    setBusy(true);
    setError(null);
    setStatus('');
    setReleased(null);
    try {
      const refs = selected.map(({ kind, id, etag }) => ({ kind, id, etag }));
      if (rollout) {
        const release = await adminApi.publishRollout(refs, note.trim(), rollout, acceptWarnings, experiment);
        setStatus(
          experiment
            ? `Testing ${refs.length} document(s) on ${percentText(release.percent)} of borrowers as release ${release.id} (${release.status}), judged on ${experiment.goals.join(', ')}.`
            : `Published ${refs.length} document(s) to ${percentText(release.percent)} of borrowers as release ${release.id} (${release.status}).`,
        );
        setReleased({ id: release.id, experiment: !!experiment });
      } else {
        const versions = await adminApi.publish(refs, note.trim(), acceptWarnings);
        setStatus(`Published ${versions.length} document(s).`);
      }
      setNote('');
      onPublished();
      await load();
    } catch (e) {
      const found = e instanceof AdminApiError ? findingsOf(e.body) : [];
      if (e instanceof AdminApiError && e.problems.length) setChecked({ of: selectionKey, problems: e.problems });
      if (found.length && e instanceof AdminApiError && e.status === 409 && !acceptWarnings) {
        setPending({ rollout, experiment, warnings: found.filter((f) => f.severity === 'warning') });
      } else if (found.some((f) => f.severity === 'error')) {
        const errors = found.filter((f) => f.severity === 'error');
        setError(`Not published: copy errors must be fixed first. ${errors.map(describeFinding).join('; ')}.`);
        setCopyFindings((prev) => prev ?? found);
      } else if (e instanceof AdminApiError && e.status === 412) {
        setError(
          'A draft changed after you reviewed it. The page now shows the new changes: review them and publish again. Your note is kept.',
        );
        await load();
      } else setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  // What this publish answers for: the ticked text sets' findings and those of keys the ticked screens use.
  const changeFindings =
    copyFindings &&
    findingsOfChange(
      copyFindings,
      selected.map((d) => ({
        kind: d.kind,
        id: d.id,
        content: records[keyOf(d)] && currentContent(records[keyOf(d)]!),
      })),
    );

  const toggle = (k: string) =>
    setChosen((s) => (s.has(k) ? new Set([...s].filter((x) => x !== k)) : new Set([...s, k])));
  const hasErrors = !!problems && problems.length > 0;
  const checking = selected.length > 0 && checked?.of !== selectionKey;
  const blocked = busy || !selected.length || !note.trim() || hasErrors || checking || eyes.blocked;

  return (
    <section aria-labelledby="review-title" className="review">
      <h2 id="review-title">Review and publish</h2>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status" className="review-status">
        {status}
      </p>
      {released && (
        <p>
          {released.experiment ? (
            <a href={formatHash({ page: 'experiment', id: released.id })}>See the experiment&apos;s results</a>
          ) : (
            <a href={formatHash({ page: 'releases' })}>Watch it on the Releases page</a>
          )}
        </p>
      )}
      {drafts === null && !error && <p>Loading the change set…</p>}
      {drafts?.length === 0 && (
        <p>No drafts: nothing to review or publish. Drafts saved in Copy, Markets or Screens appear here.</p>
      )}
      {drafts && drafts.length > 0 && (
        <p>
          {drafts.length} document(s) with a draft. Each shows what a borrower will see change, before → after.
          {publisher ? ' Untick a document to leave it out of this publish.' : ''}
        </p>
      )}
      {(drafts ?? []).map((d) => (
        <ReviewDocCard
          key={keyOf(d)}
          summary={d}
          record={records[keyOf(d)]}
          checked={chosen.has(keyOf(d))}
          onToggle={publisher ? () => toggle(keyOf(d)) : undefined}
          eyes={publisher ? eyesOf.get(keyOf(d)) : undefined}
          user={user}
          onApprove={publisher && canApprove(eyesChange(d), strict, user) ? () => void approve(d) : undefined}
          busy={busy}
        />
      ))}
      {changeFindings && selected.length > 0 && (
        <CopyFindingList findings={changeFindings} keyHref={(key) => formatHash({ page: 'copy', key })} />
      )}
      {pending && (
        <AcceptWarningsDialog
          warnings={pending.warnings}
          onCancel={() => (setPending(null), setStatus('Not published.'))}
          onConfirm={(reason) => void publish(pending.rollout, { reason }, pending.experiment)}
        />
      )}
      {checked?.of === selectionKey && selected.length > 0 && (
        <section
          aria-labelledby="review-check-title"
          className={`card review-check ${hasErrors ? 'review-check--bad' : problems ? 'review-check--ok' : ''}`}
        >
          <h3 id="review-check-title">
            {!problems
              ? 'Check of the published state after this change: it could not run here. The server checks the publish itself.'
              : hasErrors
                ? `Check of the published state after this change: ${problems.length} error(s). Nothing can be published until they are fixed.`
                : 'Check of the published state after this change: no errors.'}
          </h3>
          {hasErrors && <ProblemList problems={problems} label="Publish errors" />}
          <div className="toolbar">
            <button type="button" className="btn" onClick={() => void check()}>
              Check again
            </button>
          </div>
        </section>
      )}
      {drafts && drafts.length > 0 && !publisher && (
        <p className="review-doc__meta">You can review this change set; publishing needs the publisher role.</p>
      )}
      {drafts && drafts.length > 0 && publisher && (
        <section aria-labelledby="review-publish-title" className="card review-publish">
          <h3 id="review-publish-title">Publish</h3>
          {eyes.markets.length > 0 && (
            <p className="review-four-eyes" role="note">
              Four eyes: market {eyes.markets.join(', ')} asks for a second person on each of its documents.{' '}
              {eyes.blocked
                ? `You (${user}) alone drafted ${alone.join(', ')}, so you cannot publish this set: ask another publisher to approve ${alone.length > 1 ? 'them' : 'it'} (Approve on its card) or to publish, or leave ${alone.length > 1 ? 'them' : 'it'} out.`
                : `Drafted by ${eyes.editors.join(', ')}; you publish as ${user}.`}
            </p>
          )}
          <label>
            Note
            <textarea
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="What changes and why (kept in history and the audit log)"
            />
          </label>
          <PublishToShare
            key={publishedMarkets.map((m) => (m as { id?: unknown })?.id).join()}
            markets={publishedMarkets}
            touched={[...new Set(selected.flatMap((d) => d.markets))]}
            disabled={blocked}
            onPublish={(rollout) => void publish(rollout)}
            publishButton={
              <button type="button" className="btn btn--primary" disabled={blocked} onClick={() => void publish()}>
                Publish {selected.length} document(s)
              </button>
            }
          />
          {!note.trim() && selected.length > 0 && <span className="review-doc__meta">Write a note to publish.</span>}
          {checking && <span className="review-doc__meta">Checking this set before it can be published…</span>}
          <TestThisDraft
            disabled={blocked}
            onStart={(rollout, experiment) => void publish(rollout, undefined, experiment)}
          />
        </section>
      )}
    </section>
  );
}
