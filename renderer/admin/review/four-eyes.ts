/**
 * The console's reading of the four-eyes rule the server enforces per document on publish, rollback and widening
 * (config-server/validation/publish-checks.ts): a document concerning a market that asks for it (`fourEyes: true`)
 * needs someone other than the publisher to have saved its current draft (its last save), or an approval of its
 * current draft by someone other than the publisher: a colleague's earlier save does not count. The console says so per document before the click; the server decides.
 */
export interface FourEyesChange {
  /** `kind/id`, to find the verdict of a document again (optional for callers that only want the whole verdict). */
  key?: string;
  /** The markets the document concerns. */
  markets: string[];
  /** Who drafted it. */
  editors: string[];
  /** Who saved its current draft last (absent: a release's candidate, judged by its drafters). */
  savedBy?: string;
  /** Who approved its current draft (approvals of an older ETag are not listed by the server). */
  approvers?: string[];
}

export interface FourEyesInput {
  /** Market documents (published and drafted contents: the stricter side counts); garbage entries are ignored. */
  markets: unknown[];
  /** The documents about to be published. */
  changes: FourEyesChange[];
  publisher: string;
}

/**
 * One document's standing: `free` (no market of it asks), `colleague` (someone else drafted it), `approved` (someone
 * else approved it), `needs-second` (the publisher alone: refused until another publisher approves or publishes it).
 */
export type FourEyesState = 'free' | 'colleague' | 'approved' | 'needs-second';

export interface FourEyesDocVerdict {
  key: string;
  /** Markets of the document that ask for a second person. */
  markets: string[];
  state: FourEyesState;
  /** Approvers other than the publisher (the ones that count). */
  approvers: string[];
}

export interface FourEyesVerdict {
  /** Markets of the set that ask for a second person (empty: the rule does not apply). */
  markets: string[];
  editors: string[];
  /** True when some document of the set has no second person: the server would refuse the whole publish. */
  blocked: boolean;
  /** Per document, in the order given. */
  documents: FourEyesDocVerdict[];
}

export function strictMarkets(markets: unknown[]): Set<string> {
  return new Set(
    markets
      .filter(
        (m): m is Record<string, unknown> =>
          !!m && typeof m === 'object' && (m as Record<string, unknown>).fourEyes === true,
      )
      .map((m) => String(m.id)),
  );
}

/** One document's verdict for `publisher`. */
export function documentFourEyes(change: FourEyesChange, strict: Set<string>, publisher: string): FourEyesDocVerdict {
  const markets = [...new Set(change.markets)].filter((m) => strict.has(m)).sort();
  const approvers = (change.approvers ?? []).filter((a) => a !== publisher);
  const state: FourEyesState = !markets.length
    ? 'free'
    : (change.savedBy === undefined ? change.editors : [change.savedBy]).some((e) => e !== publisher)
      ? 'colleague'
      : approvers.length
        ? 'approved'
        : 'needs-second';
  return { key: change.key ?? '', markets, state, approvers };
}

export function fourEyes({ markets, changes, publisher }: FourEyesInput): FourEyesVerdict {
  const strict = strictMarkets(markets);
  const documents = changes.map((c) => documentFourEyes(c, strict, publisher));
  return {
    markets: [...new Set(documents.flatMap((d) => d.markets))].sort(),
    editors: [...new Set(changes.flatMap((c) => c.editors))],
    blocked: documents.some((d) => d.state === 'needs-second'),
    documents,
  };
}

/**
 * Whether `user` (a publisher) can usefully approve the document: it concerns a four-eyes market, one person alone
 * drafted it and that is not `user` (their approval then lets the drafter publish), and `user` has not approved it yet.
 */
export function canApprove(change: FourEyesChange, strict: Set<string>, user: string): boolean {
  if (!change.markets.some((m) => strict.has(m))) return false;
  // The last saver is who the approval lets publish; a publisher does not approve text they saved themselves.
  if (change.savedBy !== undefined) {
    if (change.savedBy === user) return false;
    return !(change.approvers ?? []).includes(user);
  }
  const drafters = new Set(change.editors);
  if (drafters.size !== 1 || drafters.has(user)) return false;
  return !(change.approvers ?? []).includes(user);
}
