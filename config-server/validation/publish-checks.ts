import { HttpError } from '../http/http-error.js';
import { marketsOf } from './document-rules.js';
import type { Change, NewDocument, PublishCheck, PublishCheckInput } from '../store/config-store.js';
import { validateDocuments } from './validate-documents.js';

export interface StateError {
  file: string;
  kind?: string;
  id?: string;
  instancePath: string;
  message: string;
}

/** Every error of a whole document set: ajv per document plus the cross-document rules. */
export function stateErrors(docs: NewDocument[]): StateError[] {
  const byFile = new Map(docs.map((d) => [d.file, d]));
  return validateDocuments(docs.map((d) => ({ file: d.file, doc: d.content }))).map((e) => {
    const d = byFile.get(e.file);
    return { file: e.file, kind: d?.kind, id: d?.id, instancePath: e.pointer, message: e.message };
  });
}

/** Rejects (422, nothing written) a change whose resulting published state would not validate. */
export const validStateCheck: PublishCheck = ({ wouldBe }) => {
  const errors = stateErrors(wouldBe);
  if (errors.length) {
    throw new HttpError(
      422,
      `Nothing was published: the published state would have ${errors.length} error(s); fix them in the drafts first`,
      { errors },
    );
  }
};

const markets = (docs: NewDocument[]) =>
  docs.filter((d) => d.kind === 'market').map((d) => d.content as Record<string, unknown>);

/** One document a four-eyes check refused, and why (the 403's `details.documents`). */
export interface FourEyesRefusal {
  kind: string;
  id: string;
  /** The markets asking for four eyes that this document concerns. */
  markets: string[];
  reason: string;
}

/** What is being done: the reason a refusal gives differs (a rollback has no draft editors to ask). */
export type FourEyesAction = 'publish' | 'rollback';

/**
 * Markets asking for four eyes (`fourEyes: true`) in the published state or in the state after the change: a
 * change turning four eyes off is judged by the published side, so turning it off needs four eyes too.
 */
function strictMarkets(current: NewDocument[], wouldBe: NewDocument[]) {
  const all = [...markets(current), ...markets(wouldBe)];
  return { all, strict: new Set(all.filter((m) => m.fourEyes === true).map((m) => String(m.id))) };
}

/**
 * Why `c`, published by `publisher`, lacks a second person (undefined: it has one, or no market of it asks). A
 * document passes when someone other than the publisher saved exactly this text (the draft's last save, `savedBy`)
 * or approved exactly this revision (`approvedBy`, filled by the store from approvals of the current ETag). A
 * colleague's earlier save does not count: the publisher could have rewritten it since, and nobody else would have
 * seen what goes out. A release's candidate (no `savedBy`) was checked so when it started and cannot change since.
 */
function refusalOf(
  c: Change,
  publisher: string,
  all: Record<string, unknown>[],
  strict: Set<string>,
  action: FourEyesAction,
  onMarket?: (person: string, market: string) => boolean,
): FourEyesRefusal | undefined {
  // Which markets a document concerns is read from both its sides (a text set moving between markets counts for both).
  const needing = [...new Set([...marketsOf(c.kind, c.before, all), ...marketsOf(c.kind, c.after, all)])]
    .filter((m) => strict.has(m))
    .sort();
  if (!needing.length) return undefined;
  // Only someone with a role (global or for that market) on every market asking counts as the second person.
  const counts = (p: string) => p !== publisher && (!onMarket || needing.every((m) => onMarket(p, m)));
  const vouched = c.savedBy === undefined ? c.editors : [c.savedBy];
  if (vouched.some(counts)) return undefined;
  if ((c.approvedBy ?? []).some(counts)) return undefined;
  const reason =
    action === 'rollback'
      ? 'a rollback by you alone needs a second person: ask another publisher to approve rolling back to this version'
      : 'your own edit needs a second person: ask another publisher to approve this exact draft, or an editor to review and save it';
  return { kind: c.kind, id: c.id, markets: needing, reason };
}

/**
 * Four eyes, per document: every document of the change that concerns a market asking for it (before or after the
 * change) needs someone other than the publisher who saved or approved exactly it, and who has a role on that market
 * (`onMarket`: global or for the market; every market of the document asking). One document lacking that
 * refuses the whole write (403 naming each such document), so nobody's own edit rides along with a colleague's.
 */
export function fourEyesCheck(
  publisher: string,
  current: NewDocument[],
  action: FourEyesAction = 'publish',
  onMarket?: (person: string, market: string) => boolean,
): PublishCheck {
  return ({ wouldBe, changes }: PublishCheckInput) => {
    const { all, strict } = strictMarkets(current, wouldBe);
    if (!strict.size) return;
    const refused = changes.flatMap((c) => refusalOf(c, publisher, all, strict, action, onMarket) ?? []);
    if (!refused.length) return;
    const list = refused.map((r) => `${r.kind}/${r.id} (market ${r.markets.join(', ')}): ${r.reason}`).join('; ');
    throw new HttpError(403, `Four eyes: nothing was ${action === 'rollback' ? 'rolled back' : 'published'}. ${list}`, {
      documents: refused,
    });
  };
}

export const allChecks =
  (...checks: PublishCheck[]): PublishCheck =>
  (input) =>
    checks.forEach((c) => c(input));
